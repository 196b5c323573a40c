import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import type { GroupKind } from '~/db/schema'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import {
  BulkGroupsFormSchema,
  ChangeOwnersFormSchema,
  CreateGroupFormSchema,
  GROUP_KINDS,
  GROUP_SORTS,
  MAX_OWNER_CHANGE_ROWS,
  OLD_OWNER_ROLES,
  parseMemberLines,
} from '~/services/groups.schemas'
import {
  canCreateAttendanceGroups,
  changeGroupOwnersByEmail,
  createGroupWithMemberEmails,
  deleteGroups,
  getGroups,
  listGroups,
  setGroupsActive,
  type GroupListItem,
} from '~/services/groups.server'
import { Alert } from '~/ui/alert'
import { BulkAction, BulkBar, BulkTable, ConfirmPanel, RowCheckbox } from '~/ui/bulk'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass, SelectField } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { Pagination, SortHeader, useListLoading } from '~/ui/list-controls'
import { bulkToast, redirectWithToast } from '~/ui/toast.server'
import { parseListQuery, type Page } from '~/utils/list-query'
import { orNotFound, requireOrgAdminCtx } from './org-not-found.server'

/**
 * …/organizations/:organizationId/groups: the organization's groups for its admins (issue 3,
 * screen 4). Rendered inside the organization layout. Every form works without JavaScript:
 * the bulk bar posts checkboxes named `ids` with an `intent`; delete needs confirmed=1; changing
 * owners is two steps (intent 'change-owners-form' shows a panel, 'change-owners' applies).
 */
export const handle = { breadcrumb: 'groups.title' }

const BULK_FORM = 'groups-bulk'
const STATUS_FILTERS = ['all', 'active', 'inactive'] as const
type StatusFilter = (typeof STATUS_FILTERS)[number]

function readFilters(url: URL) {
  const status = url.searchParams.get('status') as StatusFilter
  const kind = url.searchParams.get('kind') as GroupKind
  return {
    status: STATUS_FILTERS.includes(status) ? status : 'all',
    kind: GROUP_KINDS.includes(kind) ? kind : ('' as const),
  }
}

/**
 * Runs the route's service calls: an organization the user does not administer is 404
 * (orNotFound, as the layout says); anything unexpected is logged and becomes the route's error
 * ("Could not load groups." or "Could not update groups." with "Try again?").
 */
async function guarded<T>(failure: 'load' | 'update', fn: () => Promise<T>): Promise<T> {
  try {
    return await orNotFound(fn)
  } catch (error) {
    if (error instanceof Response) throw error
    if (!(error instanceof DomainError)) console.error(error)
    throw data({ failure }, { status: error instanceof DomainError ? error.status : 500 })
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const url = new URL(request.url)
  const query = parseListQuery(url, { sorts: GROUP_SORTS, defaultSort: 'name' })
  const filters = readFilters(url)
  const ctx = ctxFor(user, context)
  const organizationId = params.organizationId!
  const [page, canCreateAttendance] = await guarded('load', () =>
    Promise.all([
      listGroups(ctx, organizationId, {
        ...query,
        active: filters.status === 'all' ? undefined : filters.status === 'active',
        kind: filters.kind || undefined,
      }),
      // Spec section 6: creating an attendance group is offered only with that permission.
      canCreateAttendanceGroups(ctx, organizationId),
    ]),
  )
  return { page, query, filters, canCreateAttendance }
}

type ActionData =
  | { intent: 'bulk'; error: string }
  | { intent: 'confirm-delete'; ids: string[] }
  | { intent: 'change-owners-form'; groups: GroupListItem[]; result?: SubmissionResult<string[]> }
  | { intent: 'create-group'; kind: GroupKind; result: SubmissionResult<string[]> }

const BULK_TOASTS = { activate: 'activate', deactivate: 'deactivate', delete: 'delete', 'change-owners': 'changeOwners' } as const

/** The toast keys of a bulk intent's result. */
const toastKeys = (intent: keyof typeof BULK_TOASTS) => ({
  done: `groups.toast.${BULK_TOASTS[intent]}.done`,
  partial: `groups.toast.${BULK_TOASTS[intent]}.partial`,
})

/** The group ids of the rows of a submitted change-owners form. */
const changeRowIds = (form: FormData) => [...form.keys()].filter((k) => /^changes\[\d+\]\.groupId$/.test(k)).map((k) => String(form.get(k)))

export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const reply = (body: ActionData, status = 200) => data(body, { status })

  return guarded('update', async () => {
    switch (intent) {
      case 'activate':
      case 'deactivate':
      case 'delete':
      case 'change-owners-form': {
        const submission = parseWithZod(form, { schema: BulkGroupsFormSchema })
        if (submission.status !== 'success') return reply({ intent: 'bulk', error: 'groups.validation.noneSelected' }, 400)
        const { ids, confirmed } = submission.value
        if (intent === 'change-owners-form') {
          const groups = await getGroups(ctx, organizationId, ids.slice(0, MAX_OWNER_CHANGE_ROWS))
          if (groups.length === 0) return reply({ intent: 'bulk', error: 'errors.GROUP_NOT_FOUND' }, 404)
          return reply({ intent, groups })
        }
        if (intent === 'delete') {
          if (!confirmed) return reply({ intent: 'confirm-delete', ids })
          return redirectWithToast(here, bulkToast(await deleteGroups(ctx, organizationId, ids), toastKeys(intent)))
        }
        const results = await setGroupsActive(ctx, organizationId, ids, intent === 'activate')
        return redirectWithToast(here, bulkToast(results, toastKeys(intent)))
      }
      case 'change-owners': {
        const submission = parseWithZod(form, { schema: ChangeOwnersFormSchema })
        if (submission.status !== 'success') {
          const groups = await getGroups(ctx, organizationId, changeRowIds(form))
          return reply({ intent: 'change-owners-form', groups, result: submission.reply() }, 400)
        }
        // Spec section 4: a group leaves the list when its old owner was removed and the actor's
        // access is not admin. Only admins reach this page, so every group stays listed.
        const results = await changeGroupOwnersByEmail(ctx, organizationId, submission.value)
        return redirectWithToast(here, bulkToast(results, toastKeys(intent)))
      }
      case 'create-group': {
        const kind: GroupKind = form.get('kind') === 'attendance' ? 'attendance' : 'standard'
        const submission = parseWithZod(form, { schema: CreateGroupFormSchema })
        if (submission.status !== 'success') return reply({ intent, kind, result: submission.reply() }, 400)
        try {
          const { group, membersResults } = await createGroupWithMemberEmails(ctx, organizationId, submission.value)
          const failed = membersResults.filter((r) => r.result !== 'SUCCESS')
          const values = {
            name: group.name,
            succeeded: String(membersResults.length - failed.length),
            total: String(membersResults.length),
          }
          if (membersResults.length === 0)
            return redirectWithToast(here, { key: 'groups.toast.created.alone', values: { name: group.name } })
          if (failed.length === 0) return redirectWithToast(here, { key: 'groups.toast.created.done', values })
          const shown = failed.slice(0, 5).map((r) => r.email || r._id)
          const list = failed.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ')
          return redirectWithToast(here, {
            key: 'groups.toast.created.partial',
            values: { ...values, failed: list, code: failed[0].result },
            type: 'error',
          })
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'OWNER_NOT_MEMBER') throw error
          return reply({ intent, kind, result: submission.reply({ fieldErrors: { ownerEmail: ['errors.OWNER_NOT_MEMBER'] } }) }, 400)
        }
      }
      default:
        return reply({ intent: 'bulk', error: 'errors.BAD_REQUEST' }, 400)
    }
  })
}

export default function Groups() {
  const { t } = useTranslation()
  const { page, query, filters, canCreateAttendance } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const createResult = actionData?.intent === 'create-group' ? actionData : undefined
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="groups-title">
        <h1 id="groups-title" className="mb-1 text-xl font-bold">
          {t('groups.title')}
        </h1>
        <p className="mb-4 max-w-3xl text-slate-700">{t('groups.intro')}</p>

        {actionData?.intent === 'confirm-delete' ? (
          <ConfirmPanel
            intent="delete"
            ids={actionData.ids}
            title={t('groups.delete.title')}
            body={t('groups.delete.bodyNoJs')}
            action={t('groups.delete.confirm')}
          />
        ) : null}
        {actionData?.intent === 'change-owners-form' ? (
          <ChangeOwnersPanel key={actionData.groups.map((g) => g._id).join()} groups={actionData.groups} lastResult={actionData.result} />
        ) : null}
        {actionData?.intent === 'bulk' ? (
          <div className="mb-3">
            <Alert tone="error">{t(actionData.error)}</Alert>
          </div>
        ) : null}

        <Filters q={query.q} status={filters.status} kind={filters.kind} />
        <GroupsTable
          page={page}
          sort={query.sort}
          dir={query.dir}
          filtered={Boolean(query.q || filters.kind || filters.status !== 'all')}
        />
      </section>

      <div className="flex flex-col gap-3">
        <CreateGroup kind="standard" lastResult={createResult?.kind === 'standard' ? createResult.result : undefined} />
        {canCreateAttendance ? (
          <CreateGroup kind="attendance" lastResult={createResult?.kind === 'attendance' ? createResult.result : undefined} />
        ) : null}
      </div>
    </div>
  )
}

/** Search and filters: one GET form, so the URL holds them and links and back work. */
function Filters({ q, status, kind }: { q: string; status: StatusFilter; kind: GroupKind | '' }) {
  const { t } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const loading = useListLoading()
  const filtered = Boolean(q || kind || status !== 'all')
  return (
    <Form method="get" role="search" aria-label={t('groups.filter.label')} className="mb-4 flex flex-wrap items-end gap-3">
      {['sort', 'dir'].map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="groups-search" className="mb-1 block text-sm font-medium">
          {t('groups.search')}
        </label>
        <input id="groups-search" type="search" name="q" defaultValue={q} className={inputClass} />
      </div>
      <div>
        <SelectField label={t('groups.filter.status')} selectProps={{ id: 'groups-status', name: 'status', defaultValue: status }}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`groups.filter.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <SelectField label={t('groups.filter.kind')} selectProps={{ id: 'groups-kind', name: 'kind', defaultValue: kind }}>
          <option value="">{t('groups.filter.all')}</option>
          {GROUP_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`groups.kind.${k}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" pending={loading}>
        {t('groups.filter.apply')}
      </Button>
      {filtered ? (
        <Link to={location.pathname} className="py-2 text-sm text-brand-700 underline">
          {t('groups.filter.clear')}
        </Link>
      ) : null}
    </Form>
  )
}

function GroupsTable({ page, sort, dir, filtered }: { page: Page<GroupListItem>; sort: string; dir: 'asc' | 'desc'; filtered: boolean }) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const loading = useListLoading()
  // Translated once, not once per row.
  const kindLabel = { standard: t('groups.kind.standard'), attendance: t('groups.kind.attendance') }
  const [activeLabel, inactiveLabel, never] = [t('groups.status.active'), t('groups.status.inactive'), t('groups.never')]
  if (page.total === 0) {
    return (
      <p className="rounded-md bg-slate-50 p-4 text-slate-700" aria-busy={loading || undefined}>
        {filtered ? t('list.noMatches') : t('groups.empty')}
      </p>
    )
  }
  return (
    <>
      <BulkBar formId={BULK_FORM}>
        <span className="sr-only">{t('groups.bulkLabel')}</span>
        <BulkAction formId={BULK_FORM} intent="activate">
          {t('groups.activate')}
        </BulkAction>
        <BulkAction formId={BULK_FORM} intent="deactivate">
          {t('groups.deactivate')}
        </BulkAction>
        <BulkAction formId={BULK_FORM} intent="change-owners-form">
          {t('groups.changeOwners')}
        </BulkAction>
        <BulkAction
          formId={BULK_FORM}
          intent="delete"
          variant="danger"
          confirm={{
            title: t('groups.delete.title'),
            body: (count) => t('groups.delete.body', { selected: count }),
            action: t('groups.delete.confirm'),
          }}
        >
          {t('groups.delete.action')}
        </BulkAction>
      </BulkBar>
      <BulkTable
        formId={BULK_FORM}
        caption={t('groups.listLabel')}
        loading={loading}
        minWidth="820px"
        head={
          <>
            <SortHeader sort="name" current={sort} dir={dir}>
              {t('groups.columns.name')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('groups.columns.kind')}
            </th>
            <SortHeader sort="owner" current={sort} dir={dir}>
              {t('groups.columns.owner')}
            </SortHeader>
            <SortHeader sort="members" current={sort} dir={dir}>
              {t('groups.columns.members')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('groups.columns.active')}
            </th>
            <SortHeader sort="created" current={sort} dir={dir}>
              {t('groups.columns.created')}
            </SortHeader>
            <SortHeader sort="latestActivity" current={sort} dir={dir}>
              {t('groups.columns.latestActivity')}
            </SortHeader>
          </>
        }
      >
        {page.items.map((g) => (
          <tr key={g._id} className="border-t border-slate-200">
            <td className="px-3 py-2">
              <RowCheckbox formId={BULK_FORM} value={g._id} label={t('groups.select', { name: g.name })} />
            </td>
            <td className="px-3 py-2 font-medium">{g.name}</td>
            <td className="px-3 py-2 whitespace-nowrap">{kindLabel[g.kind]}</td>
            <td className="min-w-48 px-3 py-2">
              <span className="block">{g.owner.name}</span>
              <span className="block break-words text-slate-600">{g.owner.email}</span>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{g.memberCount}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  g.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
                }`}
              >
                {g.active ? activeLabel : inactiveLabel}
              </span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{date(g.created)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{g.latestActivity ? dateTime(g.latestActivity) : never}</td>
          </tr>
        ))}
      </BulkTable>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}

/**
 * Step two of changing owners: one row per selected group with its current owner, the new
 * owner's email and the old owner's role (REMOVE: leaves the group). Empty row fields take the
 * values given for all groups.
 */
function ChangeOwnersPanel({ groups, lastResult }: { groups: GroupListItem[]; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const location = useLocation()
  const [form, fields] = useForm({
    id: 'change-owners',
    lastResult,
    defaultValue: { oldOwnerRole: 'member', changes: groups.map((g) => ({ groupId: g._id })) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangeOwnersFormSchema }),
  })
  const byId = new Map(groups.map((g) => [g._id, g]))
  const rows = fields.changes.getFieldList()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'change-owners'
  const { key: _emailKey, ...allEmailProps } = getInputProps(fields.newOwnerEmail, { type: 'email' })
  const { key: _roleKey, ...allRoleProps } = getSelectProps(fields.oldOwnerRole)
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mb-4 rounded-md border-l-4 border-brand-600 bg-brand-50 p-4"
      aria-labelledby="change-owners-title"
    >
      <h3 id="change-owners-title" className="mb-1 text-lg font-semibold">
        {t('groups.owners.title')}
      </h3>
      <p className="mb-3 max-w-3xl text-slate-700">{t('groups.owners.intro')}</p>
      <input type="hidden" name="intent" value="change-owners" />
      {form.errors?.length ? (
        <div className="mb-3">
          <Alert tone="error" id={form.errorId}>
            {form.errors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        </div>
      ) : null}
      <fieldset className="mb-4 grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-medium">{t('groups.owners.all')}</legend>
        <Field
          label={t('groups.owners.newOwnerEmail')}
          errors={fields.newOwnerEmail.errors}
          inputProps={{ ...allEmailProps, autoComplete: 'off' }}
        />
        <SelectField label={t('groups.owners.oldOwnerRole')} errors={fields.oldOwnerRole.errors} selectProps={allRoleProps}>
          {OLD_OWNER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`groups.owners.role.${r}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[720px] text-sm">
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.group')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.currentOwner')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.newOwnerEmail')}
              </th>
              <th scope="col" className="px-2 py-1 text-left font-semibold">
                {t('groups.owners.oldOwnerRole')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const row$ = row.getFieldset()
              const group = byId.get(String(row$.groupId.initialValue ?? ''))
              if (!group) return null
              const { key: _k1, ...emailProps } = getInputProps(row$.newOwnerEmail, { type: 'email' })
              const { key: _k2, ...roleProps } = getSelectProps(row$.oldOwnerRole)
              const errorId = `${row$.newOwnerEmail.id}-error`
              return (
                <tr key={row.key} className="border-t border-brand-100 align-top">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    <input type="hidden" name={row$.groupId.name} value={group._id} />
                    {group.name}
                  </th>
                  <td className="px-2 py-2">
                    <span className="block">{group.owner.name}</span>
                    <span className="block break-all text-slate-600">{group.owner.email}</span>
                  </td>
                  <td className="px-2 py-2">
                    <input
                      {...emailProps}
                      autoComplete="off"
                      aria-label={`${t('groups.owners.newOwnerEmail')}: ${group.name}`}
                      aria-invalid={row$.newOwnerEmail.errors?.length ? true : undefined}
                      aria-describedby={row$.newOwnerEmail.errors?.length ? errorId : undefined}
                      className={inputClass}
                    />
                    <FieldErrors id={errorId} errors={row$.newOwnerEmail.errors} />
                  </td>
                  <td className="px-2 py-2">
                    <select {...roleProps} aria-label={`${t('groups.owners.oldOwnerRole')}: ${group.name}`} className={inputClass}>
                      <option value="">{t('groups.owners.sameAsAbove')}</option>
                      {OLD_OWNER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`groups.owners.role.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit" pending={busy}>
          {t('groups.owners.submit')}
        </Button>
        <Link to={`${location.pathname}${location.search}`} className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium">
          {t('groups.owners.cancel')}
        </Link>
      </div>
    </Form>
  )
}

/**
 * "Create group with members" / "Create attendance group with members": a disclosure with the
 * form (open again with the errors after a failed submission). Works without JavaScript.
 */
function CreateGroup({ kind, lastResult }: { kind: GroupKind; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: `create-${kind}`,
    lastResult,
    constraint: getZodConstraint(CreateGroupFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateGroupFormSchema }),
  })
  const sending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-group' && navigation.formData?.get('kind') === kind
  const busy = sending && navigation.state === 'submitting'
  // After a successful creation (a redirect: no result comes back) the form starts empty and
  // closes, so the same group is not created twice by mistake.
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const wasSending = useRef(false)
  useEffect(() => {
    if (sending) {
      wasSending.current = true
      return
    }
    if (!wasSending.current || navigation.state !== 'idle') return
    wasSending.current = false
    if (!lastResult) {
      form.reset()
      detailsRef.current?.removeAttribute('open')
    }
  }, [sending, navigation.state, lastResult, form])
  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _ownerKey, ...ownerProps } = getInputProps(fields.ownerEmail, { type: 'email' })
  const { key: _membersKey, ...membersProps } = getTextareaProps(fields.members)
  const hintId = `${fields.members.id}-hint`
  const errorId = `${fields.members.id}-error`
  const badLines = fields.members.errors?.includes('groups.validation.memberLines')
    ? parseMemberLines(String(fields.members.value ?? fields.members.initialValue ?? '')).badLines
    : []
  return (
    <details ref={detailsRef} open={Boolean(lastResult) || undefined} className="rounded-md bg-slate-50 ring-1 ring-slate-200">
      <summary className="cursor-pointer rounded-md px-4 py-3 font-semibold hover:bg-slate-100">{t(`groups.create.${kind}`)}</summary>
      <Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-4 px-4 pt-1 pb-4">
        <input type="hidden" name="intent" value="create-group" />
        <input type="hidden" name="kind" value={kind} />
        {form.errors?.length ? (
          <Alert tone="error" id={form.errorId}>
            {form.errors.map((e) => (
              <p key={e}>{t(e)}</p>
            ))}
          </Alert>
        ) : null}
        <Field label={t('groups.create.name')} errors={fields.name.errors} inputProps={{ ...nameProps, autoComplete: 'off' }} />
        <Field
          label={t('groups.create.ownerEmail')}
          errors={fields.ownerEmail.errors}
          hint={t('groups.create.ownerHint')}
          inputProps={{ ...ownerProps, autoComplete: 'off' }}
        />
        <div>
          <label htmlFor={fields.members.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t('groups.create.members')}
          </label>
          <textarea
            {...membersProps}
            rows={6}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fields.members.errors?.length ? true : undefined}
            aria-describedby={[hintId, fields.members.errors?.length ? errorId : null].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {t('groups.create.membersHint')}
          </p>
          <div id={errorId}>
            <FieldErrors id={`${errorId}-list`} errors={fields.members.errors} />
            {badLines.length ? (
              <p className="text-sm text-red-700">{t('groups.create.badLines', { lines: badLines.slice(0, 10).join(', ') })}</p>
            ) : null}
          </div>
        </div>
        <div>
          <Button type="submit" pending={busy}>
            {t(kind === 'attendance' ? 'groups.create.submitAttendance' : 'groups.create.submit')}
          </Button>
        </div>
      </Form>
    </details>
  )
}

/** "Could not load groups." / "Could not update groups." with "Try again?" (spec section 8). */
export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const location = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Alert tone="error">{t('groups.notFound')}</Alert>
  }
  if (!isRouteErrorResponse(error)) console.error(error)
  const failure = isRouteErrorResponse(error) && (error.data as { failure?: string } | null)?.failure === 'update' ? 'update' : 'load'
  return (
    <Alert tone="error">
      <p>
        {t(failure === 'update' ? 'groups.updateError' : 'groups.loadError')}{' '}
        <a href={`${location.pathname}${location.search}`} className="font-medium underline">
          {t('common.tryAgain')}
        </a>
      </p>
    </Alert>
  )
}
