import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import type { GroupHome } from '~/services/groups/group-home.server'
import { useFormatters } from '~/ui/format'
import { roleFlagsOf } from '~/services/groups/group-roles'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'

/** The group's facts: organization (a link for its admins), owner, dates, members and my role. */
export function GroupSummary({ home }: { home: Pick<GroupHome, 'group' | 'organization' | 'owner' | 'myRole'> }) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const roleLabels = useRoleLabels()
  const roles = useId()
  const { group, organization, owner, myRole } = home
  const row = 'flex flex-col gap-0.5 sm:flex-row sm:gap-3'
  const term = 'text-sm font-medium text-slate-600 sm:w-40 sm:shrink-0'
  return (
    <dl className="grid max-w-3xl gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className={row}>
        <dt className={term}>{t('groupHome.organization')}</dt>
        <dd>
          {organization.isAdmin ? (
            <AppLink to={`/organizations/${organization.id}`} className="text-brand-700 underline">
              {organization.name}
            </AppLink>
          ) : (
            organization.name
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>{t('groupHome.owner')}</dt>
        <dd>{owner.name}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{t('groupHome.members.title')}</dt>
        <dd>{t('groupHome.memberCount', { count: group.memberCount })}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{t('groupHome.latestActivity')}</dt>
        <dd>{group.latestActivity ? dateTime(group.latestActivity) : t('groupHome.never')}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{t('groupHome.created')}</dt>
        <dd>{date(group.created)}</dd>
      </div>
      <div className={row}>
        <dt className={term}>{t('groupHome.myRole')}</dt>
        <dd>
          {myRole ? (
            <>
              <GroupRoleBadge role={myRole.name} flags={roleFlagsOf(myRole.name)} labels={roleLabels} descriptionsId={roles} />
              <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
            </>
          ) : (
            <span className="text-slate-700">{t('groupHome.adminView')}</span>
          )}
        </dd>
      </div>
    </dl>
  )
}
