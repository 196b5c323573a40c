import { useTranslation } from 'react-i18next'
import type { Membership } from '~/services/organizations/memberships.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { Section } from '~/ui/section'

/**
 * /organizations: the organizations the user is a plain member of (issue 35), each with where to go
 * next: their groups there, or an invitation code for a group. No link to the organization's own
 * pages: those are for its admins.
 */
export function MembershipsList({ memberships }: { memberships: Membership[] }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  return (
    <Section
      titleId="memberships-title"
      title={t('organizations.memberships.title')}
      intro={t('organizations.memberships.intro')}
      className="mt-8"
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {memberships.map((m) => (
          <li key={m._id} id={`organization-${m._id}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <div className="mb-1 flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 text-lg font-semibold break-words">{m.name}</h3>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {t('organizations.access.member')}
              </span>
              {m.active ? null : (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  {t('organizations.inactive')}
                </span>
              )}
            </div>
            <p className="text-sm text-slate-600">{t('organizations.memberships.joined', { date: date(m.joined) })}</p>
            <p className="mt-1 text-sm text-slate-700">
              {m.groups ? t('organizations.memberships.inGroups', { count: m.groups }) : t('organizations.memberships.noGroups')}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {m.groups ? (
                <AppLink to="/groups" className={`${buttonClass('secondary')} inline-block text-sm`}>
                  {t('organizations.memberships.myGroups')}
                </AppLink>
              ) : null}
              <AppLink to="/invitation-code" className={`${buttonClass(m.groups ? 'secondary' : 'primary')} inline-block text-sm`}>
                {t('organizations.memberships.useCode')}
              </AppLink>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
