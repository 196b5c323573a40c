import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { env } from '~/env.server'
import { DomainError } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { getDirectorySync } from '~/services/directory/settings.server'
import { getGroupCreatorHome } from '~/services/groups/group-creation.server'
import { getOrganizationHome } from '~/services/organizations/organizations.server'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { ORGANIZATION_SCREEN, requireOrgAdminCtx } from '../org-not-found.server'
import { DirectorySection } from './directory-section'
import { TwoStepPolicySection } from './two-step-policy-section'
import { getTwoStepPolicy } from '~/services/organizations/organization-policy.server'
import { getRetentionPolicy } from '~/services/organizations/retention-policy.server'
import { RetentionPolicySection } from './retention-policy-section'
import { GroupCreatorHome } from './group-creator-home'
import { HOME_INTENTS, type HomeActionData } from './intents.server'
import { ActivitySection, CountsSection } from './overview-sections'
import { ActiveSection, ContactSection, NameSection } from './settings-sections'

export const handle = { breadcrumb: 'orgHome.title' }

/**
 * The organization home. Its admins: name, contact info, active flag, counts, directory sync and
 * the latest admin activity. A group creator who does not administer it: what they may create there and their own
 * groups in it (GroupCreatorHome), nothing of its administration.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  return routeCall(() => homeFor(ctxFor(actor, context), params.organizationId!), {
    ...ORGANIZATION_SCREEN,
    failure: 'organizations.loadError',
  })
}

/** The admin's home, else the group creator's view, else ORGANIZATION_NOT_FOUND. */
async function homeFor(ctx: Ctx, organizationId: string) {
  try {
    const home = await getOrganizationHome(ctx, organizationId)
    return {
      view: 'admin' as const,
      ...home,
      directory: await getDirectorySync(ctx, organizationId),
      scimUrl: `${env().APP_URL}/scim/v2`,
      twoStep: await getTwoStepPolicy(ctx, organizationId),
      retention: await getRetentionPolicy(ctx, organizationId),
    }
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'ORGANIZATION_NOT_FOUND')) throw error
  }
  return { view: 'groupCreator' as const, ...(await getGroupCreatorHome(ctx, organizationId)) }
}

/** One action for the three forms of the page, dispatched on `intent` (intents.server.ts). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const form = await readForm(request)
  const handler = handlerFor(HOME_INTENTS, form)
  const url = new URL(request.url)
  if (!handler) return data<HomeActionData>({ intent: null, result: null }, { status: 400 })
  return handler({ ctx, organizationId, form, url, here: url.pathname })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function OrganizationHome() {
  const home = useLoaderData<typeof loader>()
  return home.view === 'admin' ? <AdminHome {...home} /> : <GroupCreatorHome {...home} />
}

function AdminHome({
  organization,
  counts,
  activity,
  directory,
  scimUrl,
  twoStep,
  retention,
}: Extract<SerializeFrom<typeof loader>, { view: 'admin' }>) {
  const { t } = useTranslation()
  const actionData = useActionData<typeof action>() as HomeActionData | undefined
  const confirm = actionData?.intent === 'active' && 'confirm' in actionData ? actionData.confirm : null
  const revoke = actionData?.intent === 'directoryRevoke' ? actionData.confirm : null
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
      {revoke ? (
        <ConfirmPanel
          intent="directoryRevoke"
          extra={{ tokenId: revoke.tokenId }}
          title={t('orgHome.directory.confirmRevokeTitle', { name: revoke.name })}
          body={t('orgHome.directory.confirmRevokeBody')}
          action={t('orgHome.directory.revoke')}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ActiveSection active={organization.active} />
        <CountsSection counts={counts} />
        <NameSection name={organization.name} lastResult={actionData?.intent === 'rename' ? actionData.result : undefined} />
        <ContactSection contact={organization.contact} lastResult={actionData?.intent === 'contact' ? actionData.result : undefined} />
      </div>
      <TwoStepPolicySection
        organizationId={organization._id}
        {...twoStep}
        lastResult={actionData?.intent === 'twoStepPolicy' ? actionData.result : undefined}
      />
      <RetentionPolicySection {...retention} lastResult={actionData?.intent === 'retentionPolicy' ? actionData.result : undefined} />
      <DirectorySection
        sync={directory}
        scimUrl={scimUrl}
        lastResult={actionData?.intent === 'directoryToken' ? actionData.result : undefined}
        created={actionData?.intent === 'directoryToken' ? actionData.created : undefined}
      />
      <ActivitySection activity={activity} auditHref={`/organizations/${organization._id}/audit`} />
    </div>
  )
}
