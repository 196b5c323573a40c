import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { roleFlagsOf } from '~/services/groups/group-roles'
import { useFormatters } from '~/ui/format'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'
import { DataTable, type Column } from '~/ui/data-table'
import { Pagination, useListLoading } from '~/ui/list-controls'
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
  const columns: Column<MyGroupRow>[] = [
    {
      header: t('myGroups.columns.name'),
      sort: 'name',
      cell: (g) => (
        <AppLink to={`/groups/${g._id}/home`} className="text-brand-700 underline-offset-2 hover:underline">
          {g.name}
        </AppLink>
      ),
    },
    { header: t('myGroups.columns.organization'), sort: 'organization', cell: (g) => g.organization },
    { header: t('myGroups.columns.owner'), sort: 'owner', cell: (g) => g.owner },
    {
      header: t('myGroups.columns.role'),
      sort: 'role',
      cell: (g) => <GroupRoleBadge role={g.role} flags={roleFlagsOf(g.role)} labels={roleLabels} descriptionsId={roles} />,
      className: 'whitespace-nowrap',
    },
    { header: t('myGroups.columns.members'), sort: 'members', cell: (g) => g.memberCount, className: 'text-right tabular-nums' },
    {
      header: t('myGroups.columns.active'),
      cell: (g) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            g.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {g.active ? activeLabel : inactiveLabel}
        </span>
      ),
      className: 'whitespace-nowrap',
    },
    { header: t('myGroups.columns.created'), sort: 'created', cell: (g) => date(g.created), className: 'whitespace-nowrap' },
    {
      header: t('myGroups.columns.actions'),
      cell: (g) =>
        g.role === 'owner' ? null : (
          <LeaveGroupForm
            groupId={g._id}
            name={g.name}
            label={t('myGroups.leave')}
            ariaLabel={t('myGroups.leaveLabel', { name: g.name })}
            compact
          />
        ),
    },
  ]
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
      <DataTable
        caption={t('myGroups.listLabel')}
        columns={columns}
        rows={page.items}
        rowKey={(g) => g._id}
        sort={sort}
        dir={dir}
        loading={loading}
        minWidth="840px"
        className="xl:overflow-visible"
      >
        <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
      </DataTable>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
