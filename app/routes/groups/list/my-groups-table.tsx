import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { roleFlagsOf } from '~/services/groups/group-roles'
import { useFormatters } from '~/ui/format'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'
import { Pagination, SortHeader, useListLoading } from '~/ui/list-controls'
import type { Page } from '~/utils/list-query'
import type { MyGroupRow } from './list-rows'
import { LeaveGroupForm } from '../leave-group-form'

/**
 * One page of the user's groups, each name a link to the group's home, and "Leave" where the user
 * is not the owner; a table that scrolls sideways on a phone.
 */
export function MyGroupsTable({ page, sort, dir }: { page: Page<MyGroupRow>; sort: string; dir: 'asc' | 'desc' }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const loading = useListLoading()
  const roleLabels = useRoleLabels()
  const roles = useId()
  const [activeLabel, inactiveLabel] = [t('myGroups.status.active'), t('myGroups.status.inactive')]
  if (page.total === 0) {
    return (
      <p className="rounded-md bg-slate-50 p-4 text-slate-700" aria-busy={loading || undefined}>
        {t('myGroups.noMatches')}
      </p>
    )
  }
  return (
    <>
      {loading ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {t('myGroups.loading')}
        </p>
      ) : null}
      <div
        className={`relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 xl:overflow-visible ${
          loading ? 'opacity-60' : ''
        }`}
        aria-busy={loading || undefined}
      >
        <table className="w-full min-w-[840px] text-sm">
          <caption className="sr-only">{t('myGroups.listLabel')}</caption>
          <thead className="bg-slate-50">
            <tr>
              <SortHeader sort="name" current={sort} dir={dir}>
                {t('myGroups.columns.name')}
              </SortHeader>
              <SortHeader sort="organization" current={sort} dir={dir}>
                {t('myGroups.columns.organization')}
              </SortHeader>
              <SortHeader sort="owner" current={sort} dir={dir}>
                {t('myGroups.columns.owner')}
              </SortHeader>
              <SortHeader sort="role" current={sort} dir={dir}>
                {t('myGroups.columns.role')}
              </SortHeader>
              <SortHeader sort="members" current={sort} dir={dir}>
                {t('myGroups.columns.members')}
              </SortHeader>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {t('myGroups.columns.active')}
              </th>
              <SortHeader sort="created" current={sort} dir={dir}>
                {t('myGroups.columns.created')}
              </SortHeader>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {t('myGroups.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((g) => (
              <tr key={g._id} className="border-t border-slate-200">
                <td className="px-3 py-2 font-medium">
                  <AppLink to={`/groups/${g._id}/home`} className="text-brand-700 underline-offset-2 hover:underline">
                    {g.name}
                  </AppLink>
                </td>
                <td className="px-3 py-2">{g.organization}</td>
                <td className="px-3 py-2">{g.owner}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <GroupRoleBadge role={g.role} flags={roleFlagsOf(g.role)} labels={roleLabels} descriptionsId={roles} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{g.memberCount}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      g.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
                    }`}
                  >
                    {g.active ? activeLabel : inactiveLabel}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{date(g.created)}</td>
                <td className="px-3 py-2">
                  {g.role === 'owner' ? null : (
                    <LeaveGroupForm
                      groupId={g._id}
                      name={g.name}
                      label={t('myGroups.leave')}
                      ariaLabel={t('myGroups.leaveLabel', { name: g.name })}
                      compact
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
      </div>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
