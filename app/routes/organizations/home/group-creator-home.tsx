import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { getGroupCreatorHome } from '~/services/groups/group-creation.server'
import { roleFlagsOf } from '~/services/groups/group-roles'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'

type CreatorHome = Awaited<ReturnType<typeof getGroupCreatorHome>>

/**
 * /organizations/:id for a group creator who does not administer it: what they may do there
 * (create a group, an attendance group where permitted, with this organization chosen) and their
 * own groups in it. Nothing of its administration (members, invitations, activity).
 */
export function GroupCreatorHome({ organization, groups }: CreatorHome) {
  const { t } = useTranslation()
  const roleLabels = useRoleLabels()
  const roles = useId()
  const query = `?organizationId=${encodeURIComponent(organization._id)}`
  const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200'
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="sr-only">{t('orgHome.title')}</h1>
      <section aria-labelledby="creator-create-title" className={card}>
        <h2 id="creator-create-title" className="mb-1 text-lg font-semibold">
          {t('orgHome.creator.title')}
        </h2>
        {organization.mayCreate ? (
          <>
            <p className="mb-3 text-slate-700">
              {t(organization.mayCreateAttendance ? 'orgHome.creator.bodyAttendance' : 'orgHome.creator.body')}
            </p>
            <div className="flex flex-wrap gap-2">
              <AppLink to={`/create/group${query}`} className={buttonClass('primary')}>
                {t('orgHome.creator.createGroup')}
              </AppLink>
              {organization.mayCreateAttendance ? (
                <AppLink to={`/create/attendance-group${query}`} className={buttonClass('secondary')}>
                  {t('orgHome.creator.createAttendanceGroup')}
                </AppLink>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-slate-700">{t('orgHome.creator.inactive')}</p>
        )}
      </section>
      <section aria-labelledby="creator-groups-title" className={card}>
        <h2 id="creator-groups-title" className="mb-2 text-lg font-semibold">
          {t('orgHome.creator.groupsTitle')}
        </h2>
        {groups.total === 0 ? (
          <p className="text-slate-700">{t('orgHome.creator.noGroups')}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200">
              {groups.items.map((g) => (
                // The role's badge starts a line of its own, so its tooltip (16 rem wide) fits a phone's width.
                <li key={g._id} className="py-2">
                  <AppLink to={`/groups/${g._id}/home`} className="font-medium break-words text-brand-700 underline">
                    {g.name}
                  </AppLink>
                  <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <GroupRoleBadge role={g.role} flags={roleFlagsOf(g.role)} labels={roleLabels} descriptionsId={roles} />
                    <span className="text-sm text-slate-600">
                      {t('orgHome.creator.memberCount', { count: g.memberCount })}
                      {g.active ? null : ` · ${t('orgHome.creator.inactiveGroup')}`}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
            {groups.total > groups.items.length ? (
              <p className="mt-2">
                <AppLink to={`/groups?organization=${encodeURIComponent(organization._id)}`} className="text-brand-700 underline">
                  {t('orgHome.creator.allGroups', { count: groups.total })}
                </AppLink>
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  )
}
