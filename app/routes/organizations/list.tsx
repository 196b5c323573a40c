import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listMyOrganizations } from '~/services/organizations/organizations.server'
import { Alert } from '~/ui/alert'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { listMyMemberships } from '~/services/organizations/memberships.server'
import { MembershipsList } from './memberships-list'

/**
 * /organizations: the organizations the user administers or may create groups in, each a link to
 * its home (for a group creator, what they may create there); a group creator also gets a button
 * that creates a group in that organization. Below, those they are a plain member of, each with
 * its next step (MembershipsList).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const [organizations, memberships] = await routeCall(() => Promise.all([listMyOrganizations(ctx), listMyMemberships(ctx)]), {
    failure: 'organizations.loadError',
  })
  return { organizations, memberships }
}

export default function OrganizationsList() {
  const { t } = useTranslation()
  const { organizations, memberships } = useLoaderData<typeof loader>()
  const { date } = useFormatters()
  const location = useLocation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  return (
    <section aria-labelledby="organizations-title" aria-busy={loading || undefined}>
      <h1 id="organizations-title" className="mb-1 text-2xl font-bold">
        {t('organizations.title')}
      </h1>
      <p className="mb-4 text-slate-700">{t('organizations.intro')}</p>
      {loading ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {t('organizations.loading')}
        </p>
      ) : null}
      {organizations.length === 0 && memberships.length === 0 ? (
        <Alert tone="info">
          {t('organizations.empty')}{' '}
          <AppLink to="/invitation-code" className="font-medium underline">
            {t('organizations.memberships.useCode')}
          </AppLink>
        </Alert>
      ) : organizations.length === 0 ? null : (
        <ul className={`grid gap-3 sm:grid-cols-2 ${loading ? 'opacity-60' : ''}`}>
          {organizations.map((org) => (
            <li key={org._id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <AppLink
                  to={`/organizations/${org._id}`}
                  className="min-w-0 text-lg font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {org.name}
                </AppLink>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {t(`organizations.access.${org.access}`)}
                </span>
                {org.active ? null : (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    {t('organizations.inactive')}
                  </span>
                )}
              </div>
              <p className="text-sm text-slate-600">{t('organizations.created', { date: date(org.created) })}</p>
              {org.access === 'groupCreator' ? (
                <>
                  <p className="mt-1 text-sm text-slate-700">{t('organizations.groupCreatorNote')}</p>
                  {org.active ? (
                    <AppLink
                      to={`/create/group?organizationId=${encodeURIComponent(org._id)}`}
                      className={`${buttonClass('secondary')} mt-3 inline-block text-sm`}
                    >
                      {t('organizations.createGroup')}
                    </AppLink>
                  ) : null}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {memberships.length ? <MembershipsList memberships={memberships} /> : null}
    </section>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
