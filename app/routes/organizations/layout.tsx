import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppNavLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { getOrganizationSummary } from '~/services/organizations/organizations.server'
import { Alert } from '~/ui/alert'
import { ErrorScreen } from '~/ui/error-screen'
import type { Breadcrumb } from '~/ui/layout/breadcrumbs'
import type { OrganizationLayoutData as LayoutData } from './organization-data'
import { strongAuthRedirect } from '~/http/route-call.server'

/** The organization's name replaces its id in the breadcrumbs; unknown (null) hides them. */
const breadcrumb: Breadcrumb = (loaderData) => {
  const org = (loaderData as LayoutData | undefined)?.org
  return org ? { label: org.name } : null
}
export const handle = { breadcrumb }

/**
 * /organizations/:organizationId/*: admins, with the tabs of its administration; a group creator
 * (who does not administer it) sees the home only, as what they may create there, without tabs
 * (the other screens' loaders answer them 404). Anyone else, and an unknown id, gets the
 * not-found screen with status 404 (the organization's existence is not revealed).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const organizationId = params.organizationId!
  try {
    const { name, active, access } = await getOrganizationSummary(ctxFor(actor, context), organizationId)
    return data<LayoutData>({ org: { id: organizationId, name, active, access } })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORGANIZATION_NOT_FOUND') return data<LayoutData>({ org: null }, { status: 404 })
    // The organization's two-step policy: set it up first, then back to this screen.
    const url = new URL(request.url)
    throw strongAuthRedirect(error, `${url.pathname}${url.search}`) ?? error
  }
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
  }`

export default function OrganizationLayout() {
  const { t } = useTranslation()
  const { org } = useLoaderData<typeof loader>()
  if (!org) return <ErrorScreen status={404} />
  const base = `/organizations/${org.id}`
  return (
    <div>
      <p className="mb-2 text-2xl font-bold">{org.name}</p>
      {org.active ? null : (
        <div className="mb-4">
          <Alert tone="info">
            <p className="font-semibold">{t('organizations.inactiveNotice.title')}</p>
            <p>{t(org.access === 'admin' ? 'organizations.inactiveNotice.body' : 'organizations.inactiveNotice.creatorBody')}</p>
          </Alert>
        </div>
      )}
      {/*
        AppNavLink sets aria-current="page" on the current tab. On a phone the tabs wrap to a
        second line instead of running off the screen: every tab is in view, with or without JavaScript.
      */}
      {org.access === 'admin' ? (
        <nav aria-label={t('organizations.nav.label')} className="mb-6 border-b border-slate-200">
          <ul className="flex flex-wrap gap-x-1">
            <li>
              <AppNavLink to={base} end className={tabClass}>
                {t('organizations.nav.home')}
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={`${base}/members`} className={tabClass}>
                {t('organizations.nav.members')}
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={`${base}/groups`} className={tabClass}>
                {t('organizations.nav.groups')}
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={`${base}/group-creators`} className={tabClass}>
                {t('organizations.nav.groupCreators')}
              </AppNavLink>
            </li>
            <li>
              <AppNavLink to={`${base}/audit`} className={tabClass}>
                {t('organizations.nav.audit')}
              </AppNavLink>
            </li>
          </ul>
        </nav>
      ) : null}
      <Outlet />
    </div>
  )
}

/** A 404 thrown by a screen below (e.g. the organization went away) is the not-found screen too. */
export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
