import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { OrganizationContactSchema, RenameOrganizationSchema, SetOrganizationActiveSchema } from '~/services/organizations.schemas'
import { getOrganizationHome, renameOrganization, setOrganizationActive, updateOrganizationContact } from '~/services/organizations.server'
import { ConfirmPanel, useHydrated } from '~/ui/bulk'
import { Button } from '~/ui/button'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { Field } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { orRouteFailure } from '~/ui/route-failure.server'
import { redirectWithToast } from '~/ui/toast.server'
import { orNotFound, requireOrgAdminCtx } from './org-not-found.server'

export const handle = { breadcrumb: 'orgHome.title' }

/** The organization home: name, contact info, active flag, counts and the latest admin activity. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  return orRouteFailure('organizations.loadError', () =>
    orNotFound(() => getOrganizationHome(ctxFor(actor, context), params.organizationId!)),
  )
}

type ActionData =
  | { intent: 'rename' | 'contact'; result: SubmissionResult<string[]> }
  | { intent: 'active'; confirm: { active: boolean } }
  | { intent: null; result: null }

/** One action for the three forms of the page, dispatched on `intent`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const formData = await request.formData()
  const here = new URL(request.url).pathname
  // A failed save is "Could not update organizations." with "Try again?" (spec section 8).
  const update = <T,>(call: () => Promise<T>) => orRouteFailure('organizations.updateError', () => orNotFound(call))
  switch (formData.get('intent')) {
    case 'rename': {
      const submission = parseWithZod(formData, { schema: RenameOrganizationSchema })
      if (submission.status !== 'success') return data<ActionData>({ intent: 'rename', result: submission.reply() }, { status: 400 })
      await update(() => renameOrganization(ctx, organizationId, submission.value.name))
      return redirectWithToast(here, { key: 'orgHome.name.saved' })
    }
    case 'contact': {
      const submission = parseWithZod(formData, { schema: OrganizationContactSchema })
      if (submission.status !== 'success') return data<ActionData>({ intent: 'contact', result: submission.reply() }, { status: 400 })
      const { intent: _, ...contact } = submission.value
      await update(() => updateOrganizationContact(ctx, organizationId, contact))
      return redirectWithToast(here, { key: 'orgHome.contact.saved' })
    }
    case 'active': {
      const submission = parseWithZod(formData, { schema: SetOrganizationActiveSchema })
      if (submission.status !== 'success') return data<ActionData>({ intent: null, result: null }, { status: 400 })
      const { active, confirmed } = submission.value
      // Without JavaScript there is no dialog: the server asks for the confirmation step.
      if (!confirmed) return data<ActionData>({ intent: 'active', confirm: { active } })
      // Spec section 4: the toggle also clears the organization's cached groups and members. Every
      // page here is rendered on the server from the database, so there is no client cache to clear.
      await update(() => setOrganizationActive(ctx, organizationId, active))
      return redirectWithToast(here, { key: active ? 'orgHome.status.activated' : 'orgHome.status.deactivated' })
    }
    default:
      return data<ActionData>({ intent: null, result: null }, { status: 400 })
  }
}

const sectionClass = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200'

export default function OrganizationHome() {
  const { t } = useTranslation()
  const { organization, counts, activity } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const confirm = actionData?.intent === 'active' && 'confirm' in actionData ? actionData.confirm : null
  return (
    <div className="flex flex-col gap-6">
      <h1 className="sr-only">{t('orgHome.title')}</h1>
      {confirm ? (
        <ConfirmPanel
          intent="active"
          extra={{ active: String(confirm.active) }}
          title={t(confirm.active ? 'orgHome.status.confirmActivateTitle' : 'orgHome.status.confirmDeactivateTitle')}
          body={t(confirm.active ? 'orgHome.status.confirmActivateBody' : 'orgHome.status.confirmDeactivateBody')}
          action={t(confirm.active ? 'orgHome.status.activate' : 'orgHome.status.deactivate')}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ActiveSection active={organization.active} />
        <CountsSection counts={counts} />
        <NameSection name={organization.name} lastResult={actionData?.intent === 'rename' ? actionData.result : undefined} />
        <ContactSection contact={organization.contact} lastResult={actionData?.intent === 'contact' ? actionData.result : undefined} />
      </div>
      <ActivitySection activity={activity} />
    </div>
  )
}

function useSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function NameSection({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const pending = useSubmitting('rename')
  const [form, fields] = useForm({
    id: 'organization-name',
    lastResult,
    constraint: getZodConstraint(RenameOrganizationSchema),
    defaultValue: { name },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameOrganizationSchema }),
  })
  return (
    <section aria-labelledby="org-name-title" className={sectionClass}>
      <h2 id="org-name-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.name.title')}
      </h2>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="rename" />
        <Field
          label={t('orgHome.name.label')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }) }}
        />
        <div>
          <Button type="submit" pending={pending}>
            {t('orgHome.name.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function ContactSection({
  contact,
  lastResult,
}: {
  contact: { name?: string; email?: string; phone?: string }
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const pending = useSubmitting('contact')
  const [form, fields] = useForm({
    id: 'organization-contact',
    lastResult,
    constraint: getZodConstraint(OrganizationContactSchema),
    defaultValue: contact,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganizationContactSchema }),
  })
  return (
    <section aria-labelledby="org-contact-title" className={sectionClass}>
      <h2 id="org-contact-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.contact.title')}
      </h2>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="contact" />
        <Field
          label={t('orgHome.contact.name')}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
        />
        <Field
          label={t('orgHome.contact.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('orgHome.contact.phone')}
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        />
        <div>
          <Button type="submit" pending={pending}>
            {t('orgHome.contact.save')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

/** The toggle: with JavaScript a dialog confirms; without, the server answers with a ConfirmPanel. */
function ActiveSection({ active }: { active: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const pending = useSubmitting('active')
  const next = !active
  const label = t(next ? 'orgHome.status.activate' : 'orgHome.status.deactivate')
  return (
    <section aria-labelledby="org-status-title" className={sectionClass}>
      <h2 id="org-status-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.status.title')}
      </h2>
      <p className="mb-3 flex items-center gap-2">
        <span aria-hidden className={`inline-block size-3 rounded-full ${active ? 'bg-green-600' : 'bg-amber-500'}`} />
        {t(active ? 'orgHome.status.active' : 'orgHome.status.inactive')}
      </p>
      <Form method="post" ref={formRef}>
        <input type="hidden" name="intent" value="active" />
        <input type="hidden" name="active" value={String(next)} />
        {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
        <Button
          type="submit"
          variant={next ? 'primary' : 'danger'}
          pending={pending}
          onClick={(e) => {
            if (!hydrated) return
            e.preventDefault()
            dialogRef.current?.showModal()
          }}
        >
          {label}
        </Button>
      </Form>
      <ConfirmDialog
        dialogRef={dialogRef}
        id="org-status-confirm"
        title={t(next ? 'orgHome.status.confirmActivateTitle' : 'orgHome.status.confirmDeactivateTitle')}
        body={t(next ? 'orgHome.status.confirmActivateBody' : 'orgHome.status.confirmDeactivateBody')}
        action={label}
        variant={next ? 'primary' : 'danger'}
        onConfirm={() => formRef.current?.requestSubmit()}
      />
    </section>
  )
}

type Counts = { members: number; groups: number; activeGroups: number; groupCreators: number; pendingInvitations: number }

function CountsSection({ counts }: { counts: Counts }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE')
  const items = ['members', 'groups', 'activeGroups', 'groupCreators', 'pendingInvitations'] as const
  return (
    <section aria-labelledby="org-counts-title" className={sectionClass}>
      <h2 id="org-counts-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.counts.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((key) => (
          <div key={key} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{t(`orgHome.counts.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{number.format(counts[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

type Activity = {
  _id: string
  action: string
  actorName: string | null
  itemCount: number
  result: Record<string, unknown>
  created: string
}

/** Result counts of an audit entry: error codes are the upper-case keys with a number. */
function outcome(entry: Activity) {
  const codes = Object.entries(entry.result).filter((e): e is [string, number] => /^[A-Z][A-Z_]*$/.test(e[0]) && typeof e[1] === 'number')
  const succeeded = codes.find(([code]) => code === 'SUCCESS')?.[1] ?? 0
  const counted = codes.reduce((sum, [, n]) => sum + n, 0)
  return { succeeded, total: counted || entry.itemCount, failures: codes.filter(([code]) => code !== 'SUCCESS') }
}

function ActivitySection({ activity }: { activity: Activity[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  return (
    <section aria-labelledby="org-activity-title" className={sectionClass}>
      <h2 id="org-activity-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.activity.title')}
      </h2>
      {activity.length === 0 ? (
        <p className="text-slate-700">{t('orgHome.activity.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="border-b border-slate-200 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.when')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.who')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.what')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('orgHome.activity.items')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {activity.map((entry) => {
                const { succeeded, total, failures } = outcome(entry)
                return (
                  <tr key={entry._id} className="border-b border-slate-100 align-top">
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={entry.created}>{dateTime(entry.created)}</time>
                    </td>
                    <td className="px-3 py-2">{entry.actorName ?? t('orgHome.activity.unknownActor')}</td>
                    <td className="px-3 py-2">
                      {t(`orgHome.activity.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action })}
                    </td>
                    <td className="px-3 py-2 text-right">{entry.itemCount}</td>
                    <td className="px-3 py-2">
                      <span className={failures.length ? 'text-red-800' : 'text-green-800'}>
                        {t('orgHome.activity.summary', { succeeded, total })}
                      </span>
                      {failures.length ? (
                        <ul className="mt-1 text-slate-700">
                          {failures.map(([code, count]) => (
                            <li key={code}>
                              {t('orgHome.activity.failure', { message: t(`errors.${code}`, { defaultValue: code }), count })}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** "Could not load organizations." / "Could not update organizations." with "Try again?" (spec section 8). */
export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
