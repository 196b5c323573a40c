import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { builtPath } from '~/ui/layout/screens'
import type { ProfileGroup, ProfileOrganization } from '~/services/profile/profile.server'
import { Section, sectionClass } from '~/ui/section'

/** The user's organizations and groups on their own profile, each list with its empty state. */
export function MembershipsSection({ organizations, groups }: { organizations: ProfileOrganization[]; groups: ProfileGroup[] }) {
  const { t } = useTranslation()
  // One translation per role, not per row: an active leader has hundreds of groups.
  const groupRoles = new Map<string, string>()
  const groupRole = (role: string) => {
    if (!groupRoles.has(role)) groupRoles.set(role, t(`profile.page.groupRole.${role}`))
    return groupRoles.get(role)
  }
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Section titleId="profile-orgs-title" title={t('profile.page.organizations')} className={sectionClass}>
        {organizations.length === 0 ? (
          <p className="text-slate-600">{t('profile.page.noOrganizations')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {organizations.map((o) => (
              <li key={o._id} className="flex flex-wrap items-baseline justify-between gap-2">
                {/* Organization pages are for their admins. */}
                {o.role === 'admin' ? (
                  <AppLink to={`/organizations/${o._id}`} className="font-medium text-brand-700 underline">
                    {o.name}
                  </AppLink>
                ) : (
                  <span className="font-medium">{o.name}</span>
                )}
                <span className="text-sm text-slate-600">
                  {t(`profile.page.orgRole.${o.role}`)}
                  {o.isGroupCreator ? `, ${t('profile.page.groupCreator')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section titleId="profile-groups-title" title={t('profile.page.groups')} className={sectionClass}>
        {groups.length === 0 ? (
          <p className="text-slate-600">{t('profile.page.noGroups')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {groups.map((g) => {
              const href = builtPath(`/groups/${g._id}/home`)
              return (
                // Three elements a group (docs/testing.md "Benchmark": a user in 127 groups, at most 800 elements a page).
                <li key={g._id}>
                  {href ? (
                    <AppLink to={href} className="font-medium text-brand-700 underline">
                      {g.name}
                    </AppLink>
                  ) : (
                    <span className="font-medium">{g.name}</span>
                  )}
                  <span className="block text-sm text-slate-600">{`${g.organizationName} · ${groupRole(g.role)}`}</span>
                </li>
              )
            })}
          </ul>
        )}
      </Section>
    </div>
  )
}
