import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { listInvitations } from '~/services/invitations/invitations.server'
import { parseMemberListQuery } from '~/services/members/members.schemas'
import { listMembers } from '~/services/members/members.server'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { useFormatters } from '~/ui/format'
import { redirectWithToast } from '~/http/toast.server'
import { BULK_FORM, readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { ORGANIZATION_SCREEN, requireOrgAdminCtx } from '../org-not-found.server'
import { useOrganization } from '../organization-data'
import { AddCreatorsForm } from './add-creators-form'
import { CreatorsList } from './creators-list'
import { GROUP_CREATORS_INTENTS, type GroupCreatorsActionData } from './intents.server'
import { InvitationsTable, revokeBody } from '../invitations-table'
import { InviteDialog } from './invite-dialog'
import { NewCodePanel } from './new-code-panel'
import { takeNewCode } from './new-code.server'

/**
 * …/organizations/:organizationId/group-creators: the organization's group creators and the
 * invitations to become one. Every form works without JavaScript (see intents.server.ts).
 */
export const handle = { breadcrumb: 'groupCreators.title', i18nArea: 'invitations' }
export const clientLoader = withArea('invitations')

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const ctx = ctxFor(user, context)
  const organizationId = params.organizationId!
  const query = parseMemberListQuery(new URL(request.url))
  const [page, invitations] = await routeCall(
    () =>
      Promise.all([
        listMembers(ctx, organizationId, { ...query, groupCreatorsOnly: true }),
        listInvitations(ctx, organizationId, 'groupCreator'),
      ]),
    { ...ORGANIZATION_SCREEN, failure: 'groupCreators.loadError' },
  )
  redirectPastLastPage(request, page)
  const { newCode, clear } = await takeNewCode(request, organizationId)
  return data({ query, page, invitations, newCode }, { headers: clear ? { 'Set-Cookie': clear } : undefined })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const form = await readForm(request, BULK_FORM)
  const handler = handlerFor(GROUP_CREATORS_INTENTS, form)
  if (!handler) return data({ intent: null }, { status: 400 })
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  return routeCall(
    async () => {
      try {
        return await routeCall(() => handler({ ctx, organizationId, form, url, here }), ORGANIZATION_SCREEN)
      } catch (error) {
        // A stale row (already used, revoked, another tab): say so and show the fresh list.
        if (error instanceof DomainError)
          return redirectWithToast(here, { key: 'invitations.toast.failed', values: { code: error.code }, type: 'error' })
        throw error
      }
    },
    { failure: 'groupCreators.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function GroupCreators() {
  const { t } = useTranslation()
  const { page, query, invitations, newCode } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as GroupCreatorsActionData | undefined
  const { dateTime } = useFormatters()
  const location = useLocation()
  // No invitations and no new group creators in an inactive organization (ORGANIZATION_INACTIVE).
  const active = useOrganization()?.active !== false
  return (
    <div className="flex flex-col gap-10">
      {newCode ? <NewCodePanel code={newCode.code} expires={newCode.expires} /> : null}
      <section aria-labelledby="creators-title">
        <h1 id="creators-title" className="mb-1 text-xl font-bold">
          {t('groupCreators.title')}
        </h1>
        <p className="mb-4 text-slate-700">{t('groupCreators.intro')}</p>
        {actionData && 'confirm' in actionData && actionData.intent === 'removeCreators' ? (
          <ConfirmPanel
            intent="removeCreators"
            selection={actionData.confirm}
            title={t('groupCreators.remove.title')}
            body={t('groupCreators.remove.body', { count: actionData.confirm.count })}
            itemsLabel={t('groupCreators.remove.items')}
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
        {active ? (
          <AddCreatorsForm
            key={location.key}
            lastResult={actionData?.intent === 'addCreators' && 'result' in actionData ? actionData.result : undefined}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-700">{t('organizations.inactiveNotice.groupCreators')}</p>
        )}
      </section>

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="mb-1 text-xl font-bold">
          {t('invitations.title')}
        </h2>
        <p className="mb-4 max-w-3xl text-slate-700">{t('invitations.intro')}</p>
        {actionData && 'confirm' in actionData && actionData.intent === 'revoke' ? (
          <ConfirmPanel
            intent="revoke"
            selection={actionData.confirm}
            title={t('invitations.revokeConfirm.title')}
            body={revokeBody(
              t,
              invitations.find((i) => i._id === actionData.confirm.ids[0]),
              dateTime,
            )}
            action={t('invitations.revokeConfirm.action')}
          />
        ) : null}
        {active ? (
          <InviteDialog lastResult={actionData?.intent === 'invite' && 'result' in actionData ? actionData.result : undefined} />
        ) : (
          <p className="mb-3 text-sm text-slate-700">{t('organizations.inactiveNotice.groupCreators')}</p>
        )}
        <InvitationsTable invitations={invitations} canResend={active} />
      </section>
    </div>
  )
}
