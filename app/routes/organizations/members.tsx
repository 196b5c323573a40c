import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MembersBulkSchema, parseMemberListQuery, type MemberBulkIntent } from '~/services/members/members.schemas'
import { addGroupCreators, removeGroupCreators } from '~/services/members/group-creators.server'
import { listMembers, memberIdsMatching } from '~/services/members/members.server'
import { removeMembers } from '~/services/members/member-removal.server'
import { addOrganizationAdmins, removeOrganizationAdmins } from '~/services/members/organization-admins.server'
import { endMemberSessions } from '~/services/members/member-sessions.server'
import { memberNames } from '~/services/item-names.server'
import { twoStepAmong } from '~/services/organizations/organization-policy.server'
import { Alert } from '~/ui/alert'
import { BulkAction, BulkBar } from '~/ui/bulk'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { useFormatters } from '~/ui/format'
import { bulkToast, redirectWithToast } from '~/http/toast.server'
import { DataTable, type Column } from '~/ui/data-table'
import { Pagination, SearchBox, useListLoading } from '~/ui/list-controls'
import { BULK_FORM, readForm } from '~/utils/form-body.server'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { CONFIRM_NAMES, confirmationOf, resolveSelection } from './bulk-selection.server'
import { inactiveToast, ORGANIZATION_SCREEN, requireOrgAdminCtx } from './org-not-found.server'
import { useOrganization } from './organization-data'
import { AddByEmailForm } from './add-by-email-form'
import { addByEmail } from './add-by-email.server'
import { CsvExportLink } from '~/ui/csv-export-link'
import { withArea } from '~/i18n/client'
import { listInvitations } from '~/services/invitations/invitations.server'
import { handlerFor } from '~/utils/intent'
import { INVITATION_ROW_INTENTS } from './invitation-intents.server'
import { MemberInvitations } from './member-invitations'
import { nameWithEmail } from '~/utils/name-with-email'

const FORM_ID = 'members-bulk'

/**
 * The intents that change what a person cannot take back, so the page asks first (confirmed=1),
 * and the texts of their confirmation step (orgMembers.<key>.title/body/items/action).
 */
const CONFIRM_TEXTS = {
  remove: 'confirmRemove',
  addAdmins: 'confirmAddAdmins',
  removeAdmins: 'confirmRemoveAdmins',
  endSessions: 'confirmEndSessions',
} as const satisfies Partial<Record<MemberBulkIntent, string>>
const asksFirst = (intent: MemberBulkIntent): intent is keyof typeof CONFIRM_TEXTS => Object.hasOwn(CONFIRM_TEXTS, intent)

export const handle = { breadcrumb: 'orgMembers.title', i18nArea: 'invitations' }
export const clientLoader = withArea('invitations')

/** …/members: one page of members, searched, sorted and paged on the server from the URL. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const query = parseMemberListQuery(new URL(request.url))
  const ctx = ctxFor(actor, context)
  const [page, invitations] = await routeCall(
    () => Promise.all([listMembers(ctx, params.organizationId!, query), listInvitations(ctx, params.organizationId!, 'member')]),
    { ...ORGANIZATION_SCREEN, failure: 'orgMembers.loadError' },
  )
  redirectPastLastPage(request, page)
  // Who of the page's admins and group creators has two-step verification (the organization's policy); nobody else's is read.
  const covered = page.items.filter((m) => m.isAdmin || m.isGroupCreator).map((m) => m._id)
  const twoStep = [...(await twoStepAmong(ctx, params.organizationId!, covered))]
  return { page, query: { q: query.q, sort: query.sort, dir: query.dir }, twoStep, invitations }
}

const run: Record<MemberBulkIntent, typeof removeMembers> = {
  remove: removeMembers,
  addGroupCreators,
  removeGroupCreators,
  addAdmins: addOrganizationAdmins,
  removeAdmins: removeOrganizationAdmins,
  endSessions: endMemberSessions,
}

const TOAST_KEYS = { done: 'bulk.resultSummary', partial: 'orgMembers.resultWithError' }

/**
 * The bulk form: the pressed button's `intent` and the selection (checked `ids`, or
 * `scope=matching`: every member the list's search matches, read from the URL). Removing and
 * ending sessions need `confirmed=1` (added by the dialog with JavaScript); without it the page
 * answers with a confirmation step that names the count. "All matching" never removes the admin
 * doing it, nor ends their sessions.
 * Success redirects back to the same list URL with the result as a toast.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const url = new URL(request.url)
  const form = await readForm(request, BULK_FORM)
  if (form.get('intent') === 'addByEmail') return addByEmail(ctx, organizationId, form, url.pathname)
  const invitationIntent = handlerFor(INVITATION_ROW_INTENTS, form)
  if (invitationIntent) {
    const here = `${url.pathname}${url.search}`
    // A stale row (used, revoked in another tab): its message as a toast, and the fresh list.
    return routeCall(() => invitationIntent({ ctx, organizationId, form, url, here }), { ...ORGANIZATION_SCREEN, toast: { to: here } })
  }
  const submission = parseWithZod(form, { schema: MembersBulkSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), confirm: null }, { status: 400 })
  const { intent } = submission.value
  return routeCall(
    async () => {
      const selection = await resolveSelection(submission.value, () =>
        memberIdsMatching(ctx, organizationId, parseMemberListQuery(url), { forRemoval: asksFirst(intent) }),
      )
      if (selection.count === 0) {
        return data({ result: submission.reply({ fieldErrors: { ids: ['orgMembers.noneSelected'] } }), confirm: null }, { status: 400 })
      }
      if (asksFirst(intent) && !selection.confirmed) {
        const names = await routeCall(() => memberNames(ctx, organizationId, selection.ids.slice(0, CONFIRM_NAMES)), ORGANIZATION_SCREEN)
        return data({ result: null, confirm: { intent, ...confirmationOf(selection, names) } })
      }
      url.searchParams.delete('index')
      const here = `${url.pathname}${url.search}`
      return routeCall(
        async () => {
          // Named before the action: a removed member is no longer the organization's.
          const names = await routeCall(() => memberNames(ctx, organizationId, selection.ids), ORGANIZATION_SCREEN)
          const results = await routeCall(() => run[intent](ctx, organizationId, selection.ids), ORGANIZATION_SCREEN)
          // An admin who gave up their own role may no longer see this page: their organizations instead.
          const gaveUp = intent === 'removeAdmins' && results.some((r) => r._id === ctx.actor?.id && r.result === 'SUCCESS')
          return redirectWithToast(gaveUp ? '/organizations' : here, bulkToast(results, TOAST_KEYS, names))
        },
        { toast: inactiveToast(here) },
      )
    },
    { failure: 'orgMembers.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function Members() {
  const { t } = useTranslation()
  const { page, query, twoStep, invitations } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { organizationId } = useParams()
  const location = useLocation()
  const { date, dateTime } = useFormatters()
  const loading = useListLoading()
  // No group creators are added in an inactive organization (ORGANIZATION_INACTIVE).
  const active = useOrganization()?.active !== false
  const revokeConfirm = actionData && 'intent' in actionData ? actionData.confirm : null
  const confirm = actionData && 'confirm' in actionData && !('intent' in actionData) ? actionData.confirm : null
  const bulkResult = actionData && 'result' in actionData ? actionData.result : null
  const added = actionData && 'added' in actionData ? actionData : null
  const formError = bulkResult?.error ? Object.values(bulkResult.error).flat()[0] : null
  const csvParams = new URLSearchParams()
  for (const k of ['q', 'sort', 'dir'] as const) if (query[k]) csvParams.set(k, query[k])
  const csvQuery = csvParams.toString()
  const csvHref = `/organizations/${organizationId}/members.csv${csvQuery ? `?${csvQuery}` : ''}`
  // Translated once, not once per row.
  const yes = t('orgMembers.yes')
  const no = t('orgMembers.no')
  const never = t('orgMembers.never')
  const confirmOf = (intent: keyof typeof CONFIRM_TEXTS) => ({
    title: t(`orgMembers.${CONFIRM_TEXTS[intent]}.title`),
    body: (count: number) => t(`orgMembers.${CONFIRM_TEXTS[intent]}.body`, { count }),
    action: t(`orgMembers.${CONFIRM_TEXTS[intent]}.action`),
    itemsLabel: t(`orgMembers.${CONFIRM_TEXTS[intent]}.items`),
  })
  const columns: Column<(typeof page.items)[number]>[] = [
    { header: t('orgMembers.columns.name'), sort: 'name', cell: (m) => m.name },
    { header: t('orgMembers.columns.email'), sort: 'email', cell: (m) => m.email },
    { header: t('orgMembers.columns.created'), sort: 'created', cell: (m) => date(m.created), className: 'whitespace-nowrap' },
    {
      header: t('orgMembers.columns.lastRequest'),
      sort: 'lastRequest',
      cell: (m) => (m.lastRequest ? dateTime(m.lastRequest) : never),
      className: 'whitespace-nowrap',
    },
    { header: t('orgMembers.columns.admin'), cell: (m) => (m.isAdmin ? yes : no) },
    { header: t('orgMembers.columns.groupCreator'), cell: (m) => (m.isGroupCreator ? yes : no) },
    {
      header: t('orgMembers.columns.twoStep'),
      cell: (m) =>
        m.isAdmin || m.isGroupCreator ? (twoStep.includes(m._id) ? t('orgMembers.twoStepOn') : t('orgMembers.twoStepOff')) : '–',
    },
  ]

  return (
    <section aria-labelledby="members-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 id="members-title" className="text-xl font-bold">
          {t('orgMembers.title')}
        </h1>
        <CsvExportLink href={csvHref} id="members-csv-hint" label={t('orgMembers.exportCsv')} hint={t('orgMembers.exportCsvHint')} />
      </div>
      {active ? (
        <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,36rem)_auto] md:items-start">
          <AddByEmailForm lastResult={added?.addResult} results={added?.added} />
          <AppLink
            to={`/organizations/${organizationId}/members/import`}
            className="justify-self-start rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100"
          >
            {t('orgImport.link')}
          </AppLink>
        </div>
      ) : null}
      <div className="mb-4 max-w-xl">
        <SearchBox q={query.q} label={t('orgMembers.search')} />
      </div>

      {confirm ? (
        <ConfirmPanel
          intent={confirm.intent}
          selection={confirm}
          title={t(`orgMembers.${CONFIRM_TEXTS[confirm.intent]}.title`)}
          body={t(`orgMembers.${CONFIRM_TEXTS[confirm.intent]}.body`, { count: confirm.count })}
          itemsLabel={t(`orgMembers.${CONFIRM_TEXTS[confirm.intent]}.items`)}
          action={t(`orgMembers.${CONFIRM_TEXTS[confirm.intent]}.action`)}
        />
      ) : null}
      {formError ? (
        <div className="mb-3">
          <Alert tone="error">{t(formError)}</Alert>
        </div>
      ) : null}

      {page.total === 0 ? (
        <p className="rounded-md bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          {query.q ? t('list.noMatches') : t('orgMembers.empty')}
        </p>
      ) : (
        <>
          <BulkBar formId={FORM_ID} total={page.total} pageCount={page.items.length}>
            <BulkAction formId={FORM_ID} intent="remove" variant="danger" confirm={confirmOf('remove')}>
              {t('orgMembers.actions.remove')}
            </BulkAction>
            {active ? (
              <BulkAction formId={FORM_ID} intent="addGroupCreators">
                {t('orgMembers.actions.addGroupCreators')}
              </BulkAction>
            ) : null}
            <BulkAction formId={FORM_ID} intent="removeGroupCreators">
              {t('orgMembers.actions.removeGroupCreators')}
            </BulkAction>
            {(['addAdmins', 'removeAdmins'] as const).map((intent) => (
              <BulkAction key={intent} formId={FORM_ID} intent={intent} confirm={confirmOf(intent)}>
                {t(`orgMembers.actions.${intent}`)}
              </BulkAction>
            ))}
            <BulkAction formId={FORM_ID} intent="endSessions" variant="danger" confirm={confirmOf('endSessions')}>
              {t('orgMembers.actions.endSessions')}
            </BulkAction>
          </BulkBar>
          {active ? null : <p className="mb-2 text-sm text-slate-700">{t('organizations.inactiveNotice.members')}</p>}
          {loading ? (
            <p role="status" className="mb-2 text-sm text-slate-600">
              {t('orgMembers.loading')}
            </p>
          ) : null}
          <DataTable
            bulk={{ formId: FORM_ID, rowName: (m) => nameWithEmail(m.name, m.email) }}
            caption={t('orgMembers.title')}
            columns={columns}
            rows={page.items}
            rowKey={(m) => m._id}
            sort={query.sort}
            dir={query.dir}
            loading={loading}
            minWidth="48rem"
          />
          {page.items.length === 0 ? (
            <p className="mt-3 text-slate-700">
              <AppLink to={`${location.pathname}${csvQuery ? `?${csvQuery}` : ''}`} className="underline">
                {t('orgMembers.firstPage')}
              </AppLink>
            </p>
          ) : null}
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
      <MemberInvitations invitations={invitations} confirm={revokeConfirm} canResend={active} />
    </section>
  )
}
