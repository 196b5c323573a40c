import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useSubmit,
} from '@remix-run/react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { DomainError, messageKey } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { AddCreatorsByEmailSchema, InviteFormSchema } from '~/services/invitations.schemas'
import { createInvitation, listInvitations, resendInvitation, revokeInvitation, type Invitation } from '~/services/invitations.server'
import { addGroupCreatorsByEmail, listMembers, MEMBER_SORTS, removeGroupCreators, type Member } from '~/services/members.server'
import { Alert } from '~/ui/alert'
import { BulkAction, BulkBar, BulkTable, ConfirmPanel, RowCheckbox, useHydrated } from '~/ui/bulk'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { Field, FieldErrors, inputClass } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { Pagination, SearchBox, SortHeader, useListLoading } from '~/ui/list-controls'
import { redirectWithToast } from '~/ui/toast.server'
import { parseListQuery } from '~/utils/list-query'
import { creatorsToast, newCodeHeader, takeNewCode } from './group-creators.server'
import { orNotFound, requireOrgAdminCtx } from './org-not-found.server'

export const handle = { breadcrumb: 'groupCreators.title' }

const BULK_FORM = 'group-creators-bulk'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const ctx = ctxFor(user, context)
  const organizationId = params.organizationId!
  const query = parseListQuery(new URL(request.url), { sorts: MEMBER_SORTS, defaultSort: 'name' })
  const [page, invitations] = await orNotFound(() =>
    Promise.all([listMembers(ctx, organizationId, { ...query, groupCreatorsOnly: true }), listInvitations(ctx, organizationId)]),
  )
  const { newCode, clear } = await takeNewCode(request, organizationId)
  return data({ query, page, invitations, newCode }, { headers: clear ? { 'Set-Cookie': clear } : undefined })
}

type ActionData =
  | { intent: 'invite'; result: SubmissionResult<string[]> }
  | { intent: 'addCreators'; result: SubmissionResult<string[]> }
  | { intent: 'removeCreators' | 'revoke'; confirm: { ids: string[] } }
  | { intent: 'removeCreators'; error: string }

export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const ids = form.getAll('ids').map(String).filter(Boolean)
  const confirmed = form.get('confirmed') === '1'
  const reply = (body: ActionData, status = 200) => data(body, { status })

  const perform = async () => {
    switch (intent) {
      case 'removeCreators': {
        if (ids.length === 0) return reply({ intent, error: 'groupCreators.remove.none' }, 400)
        if (!confirmed) return reply({ intent, confirm: { ids } })
        const results = await removeGroupCreators(ctx, organizationId, ids)
        return redirectWithToast(here, creatorsToast(results, 'groupCreators.toast.removed'))
      }
      case 'addCreators': {
        const submission = parseWithZod(form, { schema: AddCreatorsByEmailSchema })
        if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
        const results = await addGroupCreatorsByEmail(ctx, organizationId, submission.value.emails)
        return redirectWithToast(here, creatorsToast(results, 'groupCreators.toast.added'))
      }
      case 'invite': {
        const submission = parseWithZod(form, { schema: InviteFormSchema })
        if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
        try {
          const { invitation, code } = await createInvitation(ctx, organizationId, { ...submission.value, groupCreator: true })
          if (invitation.type === 'email')
            return redirectWithToast(here, { key: 'invitations.toast.sent', values: { email: invitation.email! } })
          const cookie = await newCodeHeader({ organizationId, invitationId: invitation._id, code, expires: invitation.expires })
          return redirectWithToast(here, { key: 'invitations.toast.created' }, [cookie])
        } catch (error) {
          if (!(error instanceof DomainError) || error.status === 404) throw error
          return reply({ intent, result: submission.reply({ formErrors: [messageKey(error.code)] }) }, error.status)
        }
      }
      case 'resend': {
        const invitation = await resendInvitation(ctx, ids[0] ?? '', { organizationId })
        return redirectWithToast(here, { key: 'invitations.toast.resent', values: { email: invitation.email ?? '' } })
      }
      case 'revoke': {
        if (!confirmed) return reply({ intent, confirm: { ids: ids.slice(0, 1) } })
        await revokeInvitation(ctx, ids[0] ?? '', { organizationId })
        return redirectWithToast(here, { key: 'invitations.toast.revoked' })
      }
      default:
        return data({ intent: null }, { status: 400 })
    }
  }

  try {
    return await orNotFound(perform)
  } catch (error) {
    // A stale row (already used, revoked, another tab): say so and show the fresh list.
    if (error instanceof DomainError)
      return redirectWithToast(here, { key: 'invitations.toast.failed', values: { code: error.code }, type: 'error' })
    throw error
  }
}

export default function GroupCreators() {
  const { t } = useTranslation()
  const { page, query, invitations, newCode } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const location = useLocation()
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="creators-title">
        <h1 id="creators-title" className="mb-1 text-xl font-bold">
          {t('groupCreators.title')}
        </h1>
        <p className="mb-4 text-slate-700">{t('groupCreators.intro')}</p>
        {actionData && 'confirm' in actionData && actionData.intent === 'removeCreators' ? (
          <ConfirmPanel
            intent="removeCreators"
            ids={actionData.confirm.ids}
            title={t('groupCreators.remove.title')}
            body={t('groupCreators.remove.bodyNoJs')}
            action={t('groupCreators.remove.confirm')}
          />
        ) : null}
        {actionData && 'error' in actionData ? (
          <div className="mb-3">
            <Alert tone="error">{t(actionData.error)}</Alert>
          </div>
        ) : null}
        <CreatorsList page={page} query={query} />
        {/* Keyed by the location: a successful submission (a redirect) leaves an empty form. */}
        <AddCreatorsForm
          key={location.key}
          lastResult={actionData?.intent === 'addCreators' && 'result' in actionData ? actionData.result : undefined}
        />
      </section>

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="mb-1 text-xl font-bold">
          {t('invitations.title')}
        </h2>
        <p className="mb-4 max-w-3xl text-slate-700">{t('invitations.intro')}</p>
        {newCode ? <NewCodePanel code={newCode.code} expires={newCode.expires} /> : null}
        {actionData && 'confirm' in actionData && actionData.intent === 'revoke' ? (
          <ConfirmPanel
            intent="revoke"
            ids={actionData.confirm.ids}
            title={t('invitations.revokeConfirm.title')}
            body={t('invitations.revokeConfirm.body')}
            action={t('invitations.revokeConfirm.action')}
          />
        ) : null}
        <InviteDialog lastResult={actionData?.intent === 'invite' && 'result' in actionData ? actionData.result : undefined} />
        <InvitationsTable invitations={invitations} />
      </section>
    </div>
  )
}

function CreatorsList({
  page,
  query,
}: {
  page: { items: Member[]; total: number; page: number; pageSize: number }
  query: { q: string; sort: string; dir: 'asc' | 'desc' }
}) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const loading = useListLoading()
  const empty = page.total === 0
  return (
    <div className="mb-8">
      <h3 className="sr-only">{t('groupCreators.listTitle')}</h3>
      <div className="mb-3 max-w-md">
        <SearchBox q={query.q} label={t('groupCreators.search')} />
      </div>
      {empty ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">{query.q ? t('list.noMatches') : t('groupCreators.empty')}</p>
      ) : (
        <>
          <BulkBar formId={BULK_FORM}>
            <BulkAction
              formId={BULK_FORM}
              intent="removeCreators"
              variant="danger"
              confirm={{
                title: t('groupCreators.remove.title'),
                body: (count) => t('groupCreators.remove.body', { selected: count }),
                action: t('groupCreators.remove.confirm'),
              }}
            >
              {t('groupCreators.remove.action')}
            </BulkAction>
          </BulkBar>
          <BulkTable
            formId={BULK_FORM}
            caption={t('groupCreators.listTitle')}
            loading={loading}
            minWidth="640px"
            head={
              <>
                <SortHeader sort="name" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.name')}
                </SortHeader>
                <SortHeader sort="email" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.email')}
                </SortHeader>
                <SortHeader sort="created" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.joined')}
                </SortHeader>
                <SortHeader sort="lastRequest" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.lastSeen')}
                </SortHeader>
              </>
            }
          >
            {page.items.map((m) => (
              <tr key={m._id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  <RowCheckbox formId={BULK_FORM} value={m._id} label={t('groupCreators.select', { name: m.name })} />
                </td>
                <td className="px-3 py-2 font-medium">{m.name}</td>
                <td className="px-3 py-2 break-all">{m.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{date(m.created)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{m.lastRequest ? dateTime(m.lastRequest) : t('groupCreators.never')}</td>
              </tr>
            ))}
          </BulkTable>
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </div>
  )
}

function AddCreatorsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'add-creators',
    lastResult,
    constraint: getZodConstraint(AddCreatorsByEmailSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddCreatorsByEmailSchema }),
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'addCreators'
  const { key, ...textareaProps } = getTextareaProps(fields.emails)
  const hintId = `${fields.emails.id}-hint`
  const errorId = `${fields.emails.id}-error`
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-xl rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-labelledby="add-creators-title"
    >
      <h3 id="add-creators-title" className="mb-2 font-semibold">
        {t('groupCreators.add.title')}
      </h3>
      <input type="hidden" name="intent" value="addCreators" />
      <label htmlFor={fields.emails.id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('groupCreators.add.label')}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={3}
        autoComplete="off"
        aria-invalid={fields.emails.errors?.length ? true : undefined}
        aria-describedby={[hintId, fields.emails.errors?.length ? errorId : null].filter(Boolean).join(' ')}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('groupCreators.add.hint')}
      </p>
      <FieldErrors id={errorId} errors={fields.emails.errors} />
      <Button type="submit" className="mt-3" pending={busy}>
        {t('groupCreators.add.submit')}
      </Button>
    </Form>
  )
}

/**
 * The invitation form. With JavaScript: a button opening a 600 px native dialog; the dialog stays
 * open showing the error of a failed submission and closes on success (spec section 4). Without
 * JavaScript: the same form inline on the page.
 */
function InviteDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const fetcher = useFetcher<typeof action>({ key: 'invite' })
  const dialogRef = useRef<HTMLDialogElement>(null)
  const submitting = useRef<{ dataBefore: unknown } | null>(null)
  const [shown, setShown] = useState<SubmissionResult<string[]> | undefined>()
  const [formKey, setFormKey] = useState(0)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      submitting.current ??= { dataBefore: fetcher.data }
      return
    }
    if (!submitting.current) return
    const { dataBefore } = submitting.current
    submitting.current = null
    const data = fetcher.data as ActionData | undefined
    if (data !== dataBefore && data && 'result' in data) {
      setShown(data.result) // failed: the dialog stays open with the error
    } else {
      // Succeeded (a redirect brings no new data): a fresh form, and the dialog closes.
      setShown(undefined)
      setFormKey((k) => k + 1)
      dialogRef.current?.close()
    }
  }, [fetcher.state, fetcher.data])
  if (!hydrated) {
    return (
      <div className="mb-6 max-w-xl rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 className="mb-3 font-semibold">{t('invitations.dialogTitle')}</h3>
        <InviteForm FormComponent={Form} lastResult={lastResult} busy={false} />
      </div>
    )
  }
  return (
    <div className="mb-6">
      <Button type="button" onClick={() => dialogRef.current?.showModal()}>
        {t('invitations.new')}
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby="invite-dialog-title"
        className="m-auto w-[600px] max-w-[calc(100vw-2rem)] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h3 id="invite-dialog-title" className="text-lg font-semibold">
            {t('invitations.dialogTitle')}
          </h3>
          <button
            type="button"
            className="rounded px-2 text-xl leading-none text-slate-600 hover:bg-slate-100"
            aria-label={t('common.close')}
            onClick={() => dialogRef.current?.close()}
          >
            ×
          </button>
        </div>
        <InviteForm key={formKey} FormComponent={fetcher.Form} lastResult={shown} busy={fetcher.state !== 'idle'} />
      </dialog>
    </div>
  )
}

function InviteForm({
  FormComponent,
  lastResult,
  busy,
}: {
  FormComponent: typeof Form
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'invite',
    lastResult,
    constraint: getZodConstraint(InviteFormSchema),
    defaultValue: { type: 'email' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteFormSchema }),
  })
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? 'email'))
  const pending = busy || (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite')
  const legendId = useId()
  const { key: _emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  return (
    <FormComponent method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="invite" />
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          {form.errors.map((e) => (
            <p key={e}>{t(e)}</p>
          ))}
        </Alert>
      ) : null}
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
          {t('invitations.type.legend')}
        </legend>
        <div className="flex flex-col gap-2">
          {(['email', 'open'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2">
              <input
                type="radio"
                name={fields.type.name}
                value={value}
                defaultChecked={type === value}
                onChange={() => setType(value)}
                className="mt-1 size-4"
                aria-describedby={`invite-type-${value}-hint`}
              />
              <span>
                <span className="font-medium">{t(`invitations.type.${value}`)}</span>
                <span id={`invite-type-${value}-hint`} className="block text-sm text-slate-600">
                  {t(`invitations.type.${value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={`${fields.type.id}-error`} errors={fields.type.errors} />
      </fieldset>
      {/* Without JavaScript the field is always there; the server ignores it for an open code. */}
      <div hidden={type === 'open'}>
        <Field
          label={t('invitations.email')}
          errors={fields.email.errors}
          inputProps={{ ...emailProps, autoComplete: 'off', required: type === 'email' }}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {t('invitations.submit')}
        </Button>
      </div>
    </FormComponent>
  )
}

/** The code of a new open invitation, shown this once: a read-only field to select, and a copy button with JavaScript. */
function NewCodePanel({ code, expires }: { code: string; expires: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const inputId = useId()
  return (
    <div className="mb-6 max-w-xl rounded-md border-l-4 border-green-600 bg-green-50 p-4" role="status">
      <h3 className="mb-1 font-semibold">{t('invitations.newCode.title')}</h3>
      <p className="mb-3 text-slate-800">{t('invitations.newCode.body', { expires: dateTime(expires) })}</p>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {t('invitations.newCode.label')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          value={code}
          onFocus={(e) => e.currentTarget.select()}
          className="w-44 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-2xl tracking-[0.3em] select-all"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(code)
                setCopied('yes')
              } catch {
                setCopied('failed')
              }
            }}
          >
            {t('invitations.newCode.copy')}
          </Button>
        ) : null}
        <span aria-live="polite" className="text-sm">
          {copied === 'yes' ? t('invitations.newCode.copied') : copied === 'failed' ? t('invitations.newCode.copyFailed') : ''}
        </span>
      </div>
    </div>
  )
}

function InvitationsTable({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  if (invitations.length === 0) return <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t('invitations.empty')}</p>
  const statusClass = {
    pending: 'bg-amber-100 text-amber-900',
    used: 'bg-green-100 text-green-900',
    expired: 'bg-slate-200 text-slate-800',
  }
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">{t('invitations.title')}</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.created')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.email')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.status')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.expires')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((inv) => (
            <tr key={inv._id} className="border-t border-slate-200">
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(inv.created)}</td>
              <td className="px-3 py-2">{t(`invitations.typeName.${inv.type}`)}</td>
              <td className="px-3 py-2 break-all">{inv.email ?? ''}</td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[inv.status]}`}>
                  {t(`invitations.status.${inv.status}`)}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(inv.expires)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  {inv.type === 'email' && inv.status !== 'used' ? (
                    <RowAction intent="resend" id={inv._id} label={t('invitations.resendLabel', { email: inv.email })}>
                      {t('invitations.resend')}
                    </RowAction>
                  ) : null}
                  <RowAction
                    intent="revoke"
                    id={inv._id}
                    label={t('invitations.revokeLabel', { created: dateTime(inv.created) })}
                    confirm={{
                      title: t('invitations.revokeConfirm.title'),
                      body: t('invitations.revokeConfirm.body'),
                      action: t('invitations.revokeConfirm.action'),
                    }}
                  >
                    {t('invitations.revoke')}
                  </RowAction>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * One row's action: a small form posting `intent` and the id. A destructive one asks first: in a
 * dialog with JavaScript (then posts confirmed=1), through the server's ConfirmPanel without.
 */
function RowAction({
  intent,
  id,
  label,
  confirm,
  children,
}: {
  intent: string
  id: string
  label: string
  confirm?: { title: string; body: string; action: string }
  children: ReactNode
}) {
  const navigation = useNavigation()
  const submit = useSubmit()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData?.get('ids') === id
  return (
    <Form method="post">
      <input type="hidden" name="ids" value={id} />
      <ConfirmButton
        name="intent"
        value={intent}
        variant={confirm ? 'danger' : 'secondary'}
        className="!px-3 !py-1 text-sm"
        aria-label={label}
        pending={busy}
        confirm={confirm}
        dialogId={`${intent}-${id}`}
        onConfirm={() => submit({ intent, ids: id, confirmed: '1' }, { method: 'post' })}
      >
        {children}
      </ConfirmButton>
    </Form>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const location = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div role="alert" className="rounded-md border-l-4 border-red-600 bg-red-50 p-4">
        <p>{t('errorPage.notFound.title')}</p>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-md border-l-4 border-red-600 bg-red-50 p-4">
      <p>
        {t('groupCreators.loadError')}{' '}
        <Link to={`${location.pathname}${location.search}`} reloadDocument className="font-medium underline">
          {t('common.tryAgain')}
        </Link>
      </p>
    </div>
  )
}
