import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { DomainError, messageKey } from '~/errors'
import { withArea } from '~/i18n/client'
import { createPlatformOrganization, listPlatformOrganizations } from '~/services/platform/platform-organizations.server'
import { CreatePlatformOrganizationSchema } from '~/services/platform/platform.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { Pagination, SearchBox, useListLoading } from '~/ui/list-controls'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { platformCtx } from '../platform-ctx.server'
import type { Ctx } from '~/services/context.server'
import { useIntentPending } from '~/ui/use-intent-pending'
import { serverForm, useAnswerKey } from '~/ui/server-form'

/**
 * /platform/organizations: every organization (search, pages) and "Create organization" with its
 * first admin, for platform admins (docs/platform.md). Not found for everyone else.
 */
export const handle = { breadcrumb: 'platformOrgs.title', i18nArea: 'platform' }
export const clientLoader = withArea('platform')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const list = await routeCall(() => listPlatformOrganizations(ctx, { q, page }), { failure: 'platformOrgs.loadError' })
  redirectPastLastPage(request, list)
  return { list, q }
}

type ActionData = { intent: 'create'; result: SubmissionResult<string[]> }

const INTENTS = {
  /** intent create: the organization and its first admin, then its own page. */
  async create({ ctx, form }: { ctx: Ctx; form: FormData }) {
    const submission = parseWithZod(form, { schema: CreatePlatformOrganizationSchema })
    if (submission.status !== 'success') return data<ActionData>({ intent: 'create', result: submission.reply() }, { status: 400 })
    try {
      const org = await createPlatformOrganization(ctx, submission.value)
      return redirectWithToast(`/platform/organizations/${org._id}`, { key: 'platformOrgs.toast.created', values: { name: org.name } })
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'NO_ACCOUNT_WITH_EMAIL') throw error
      const result = submission.reply({ fieldErrors: { adminEmail: [messageKey(error.code)] } })
      return data<ActionData>({ intent: 'create', result }, { status: 404 })
    }
  },
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data({ intent: null }, { status: 400 })
  return routeCall(() => handler({ ctx, form }), { failure: 'platformOrgs.updateError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function PlatformOrganizations() {
  const { t } = useTranslation()
  const { list, q } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const { date } = useFormatters()
  const loading = useListLoading()
  const location = useLocation()
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="platform-orgs-title">
        <h1 id="platform-orgs-title" className="mb-1 text-xl font-bold">
          {t('platformOrgs.title')}
        </h1>
        <p className="mb-4 text-slate-700">{t('platformOrgs.intro')}</p>
        <div className="mb-3 max-w-md">
          <SearchBox q={q} label={t('platformOrgs.search')} />
        </div>
        {list.total === 0 ? (
          <p className="rounded-md bg-slate-50 p-4 text-slate-700">{q ? t('list.noMatches') : t('platformOrgs.empty')}</p>
        ) : (
          <div className="overflow-x-auto" aria-busy={loading || undefined}>
            <table className={`w-full min-w-[36rem] text-sm ${loading ? 'opacity-60' : ''}`}>
              <caption className="sr-only">{t('platformOrgs.title')}</caption>
              <thead className="border-b border-slate-200 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('platformOrgs.columns.name')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('platformOrgs.columns.status')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t('platformOrgs.columns.members')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t('platformOrgs.columns.admins')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('platformOrgs.columns.created')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((o) => (
                  <tr key={o._id} className="border-t border-slate-200">
                    <td className="px-3 py-2 font-medium">
                      <AppLink to={`/platform/organizations/${o._id}`} className="text-brand-700 underline hover:text-brand-600">
                        {o.name}
                      </AppLink>
                    </td>
                    <td className="px-3 py-2">{t(o.active ? 'platformOrgs.active' : 'platformOrgs.inactive')}</td>
                    <td className="px-3 py-2 text-right">{o.members}</td>
                    <td className="px-3 py-2 text-right">{o.admins}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{date(o.created)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
          </div>
        )}
      </section>
      <CreateOrganizationForm key={location.key} lastResult={actionData?.intent === 'create' ? actionData.result : undefined} />
    </div>
  )
}

function CreateOrganizationForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  // Checked by the server only (as ADR 018): the answer is shown in a form mounted anew for it.
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const formErrors = form.errors('')
  const order = ['name', 'adminEmail']
  const busy = useIntentPending('create')
  return (
    <section aria-labelledby="create-org-title" className="max-w-xl">
      <h2 id="create-org-title" className="mb-1 text-lg font-semibold">
        {t('platformOrgs.create.title')}
      </h2>
      <p className="mb-3 text-slate-700">{t('platformOrgs.create.intro')}</p>
      <Form key={answerKey} id="create-organization" method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="create" />
        {formErrors?.length ? <Alert tone="error">{formErrors.map((e) => t(e)).join(' ')}</Alert> : null}
        <Field
          label={t('platformOrgs.create.name')}
          errors={form.errors('name')}
          inputProps={{ ...form.input('create-organization', 'name', '', order), type: 'text', required: true, autoComplete: 'off' }}
        />
        <Field
          label={t('platformOrgs.create.adminEmail')}
          hint={t('platformOrgs.create.adminHint')}
          errors={form.errors('adminEmail')}
          inputProps={{ ...form.input('create-organization', 'adminEmail', '', order), type: 'email', required: true, autoComplete: 'off' }}
        />
        <div>
          <Button type="submit" pending={busy}>
            {t('platformOrgs.create.submit')}
          </Button>
        </div>
      </Form>
    </section>
  )
}
