import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { getPlatformOrganization } from '~/services/platform/platform-organizations.server'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { PLATFORM_SCREEN, platformCtx } from '../platform-ctx.server'
import { AdminsSection, NameSection, StatusSection } from './detail-sections'
import { DETAIL_INTENTS, type DetailActionData } from './intents.server'

/**
 * /platform/organizations/:organizationId: rename, activate or deactivate, and make or remove the
 * organization's admins (by email; never the last one), for platform admins. Every change is in
 * the organization's audit log. Not found for everyone else and for unknown ids.
 */
export const handle = {
  breadcrumb: (loaderData: unknown) => {
    const name = (loaderData as { organization?: { name: string } } | undefined)?.organization?.name
    return name ? { label: name } : null
  },
  i18nArea: 'platform',
}
export const clientLoader = withArea('platform')

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const organization = await routeCall(() => getPlatformOrganization(ctx, params.organizationId!), {
    ...PLATFORM_SCREEN,
    failure: 'platformOrgs.loadError',
  })
  return { organization }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const form = await readForm(request)
  const handler = handlerFor(DETAIL_INTENTS, form)
  if (!handler) return data({ intent: null }, { status: 400 })
  const here = new URL(request.url).pathname
  return routeCall(() => handler({ ctx, organizationId: params.organizationId!, form, here }), {
    ...PLATFORM_SCREEN,
    failure: 'platformOrgs.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function PlatformOrganization() {
  const { t } = useTranslation()
  const { organization } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as DetailActionData | undefined
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="mb-1 text-xl font-bold">{organization.name}</h1>
        <p className="text-slate-700">{t('platformOrgs.detail.intro')}</p>
      </div>
      {actionData?.intent === 'active' && 'confirm' in actionData ? (
        <ConfirmPanel
          intent="active"
          title={t('platformOrgs.status.confirmTitle')}
          body={t('platformOrgs.status.confirmBody', { name: organization.name })}
          action={t('platformOrgs.status.deactivate')}
          extra={{ active: 'false' }}
        />
      ) : null}
      {actionData?.intent === 'removeAdmin' && 'confirm' in actionData ? (
        <ConfirmPanel
          intent="removeAdmin"
          title={t('platformOrgs.admins.confirmTitle')}
          body={t('platformOrgs.admins.confirmBody', { email: actionData.confirm.email, name: organization.name })}
          action={t('platformOrgs.admins.remove')}
          extra={{ email: actionData.confirm.email }}
        />
      ) : null}
      {actionData?.intent === 'removeAdmin' && 'error' in actionData ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <NameSection
        name={organization.name}
        lastResult={actionData?.intent === 'rename' && 'result' in actionData ? actionData.result : undefined}
      />
      <StatusSection name={organization.name} active={organization.active} />
      <AdminsSection
        organizationName={organization.name}
        admins={organization.admins}
        lastResult={actionData?.intent === 'addAdmin' && 'result' in actionData ? actionData.result : undefined}
      />
    </div>
  )
}
