import { Link, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupHome } from '~/services/groups/group-home.server'
import { roleFlagsOf } from '~/services/groups/group-roles'
import type { GroupMemberSort } from '~/services/groups/my-groups.schemas'
import { useFormatters } from '~/ui/format'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'
import { DataTable, type Column } from '~/ui/data-table'
import { Pagination, SearchBox, useListLoading } from '~/ui/list-controls'
import { useRootData } from '~/ui/root-data'
import { MemberActions, useMemberActions } from './member-actions'

export interface MembersQuery {
  q: string
  sort: GroupMemberSort
  dir: 'asc' | 'desc'
}

/**
 * The group's members, 25 a page (HOME_MEMBERS_PAGE_SIZE; docs/testing.md "Benchmark": at most 800 elements, and a
 * leader's row carries its forms), searchable by name or email and sorted by any column but the
 * actions (by role first: owner, leaders, members, subscribers; by name). Plain members and
 * subscribers get no email column, and search by name only (docs/group-roles.md). The search's result is
 * a live region, so a screen reader hears how many matched. Owners and leaders get each row's
 * actions (MemberActions), sharing one dialog and one submit handler.
 */
export function MembersTable({ home, query, follows }: { home: GroupHome; query: MembersQuery; follows: Record<string, number> }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const loading = useListLoading()
  const roleLabels = useRoleLabels()
  const roles = useId()
  const me = useRootData()?.user?.id
  const { members, rights, group, seesEmails } = home
  const withActions = rights.manageMembers || rights.manageGroup
  const actions = useMemberActions(t, roleLabels, group.name)
  const you = t('groupHome.members.you')
  const { sort, dir } = query
  const location = useLocation()
  // A subscriber's row says whom they follow (to those who choose, and to the subscriber); those who choose open its form.
  const followLink = (subscriberId: string) => {
    const params = new URLSearchParams(location.search)
    params.set('follows', subscriberId)
    return `${location.pathname}?${params}#follows-title`
  }
  const followLine = (m: Row) => {
    if (!roleFlagsOf(m.role).includes('subscriber')) return null
    const count = follows[m._id]
    if (count === undefined && !rights.manageMembers) return null
    return (
      <span className="mt-1 flex flex-col gap-1 text-sm font-normal text-slate-700">
        <span>{count ? t('follows.count', { count }) : t('follows.none')}</span>
        {rights.manageMembers ? (
          <Link to={followLink(m._id)} className="text-brand-700 underline" aria-label={t('follows.chooseFor', { name: m.name })}>
            {t('follows.choose')}
          </Link>
        ) : null}
      </span>
    )
  }
  type Row = (typeof members.items)[number]
  const columns: Column<Row>[] = [
    {
      header: t('groupHome.members.name'),
      sort: 'name',
      cell: (m) => (
        <>
          {m.name} {m._id === me ? <span className="font-normal text-slate-600">{you}</span> : null}
        </>
      ),
    },
    ...(seesEmails
      ? [{ header: t('groupHome.members.email'), sort: 'email', cell: (m: Row) => m.email, className: 'break-all text-slate-700' }]
      : []),
    {
      header: t('groupHome.members.role'),
      sort: 'role',
      cell: (m) => (
        <>
          <GroupRoleBadge role={m.role} flags={roleFlagsOf(m.role)} labels={roleLabels} descriptionsId={roles} />
          {followLine(m)}
        </>
      ),
      className: 'whitespace-nowrap',
    },
    { header: t('groupHome.members.joined'), sort: 'joined', cell: (m) => date(m.joined), className: 'whitespace-nowrap' },
    ...(withActions
      ? [
          {
            header: t('groupHome.members.actions'),
            cell: (m: Row) => (m.role === 'owner' ? null : <MemberActions member={m} rights={rights} shared={actions} />),
          },
        ]
      : []),
  ]
  return (
    <section aria-labelledby="group-members-title">
      <h2 id="group-members-title" className="mb-2 text-lg font-semibold">
        {t('groupHome.members.title')}
      </h2>
      <div className="mb-3 max-w-xl">
        <SearchBox q={query.q} label={t(seesEmails ? 'groupHome.members.search' : 'groupHome.members.searchByName')} />
      </div>
      <p role="status" className="mb-2 text-sm text-slate-600">
        {loading ? t('groupHome.members.loading') : query.q ? t('groupHome.members.matches', { count: members.total }) : null}
      </p>
      {members.total === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t('groupHome.members.noMatches')}</p>
      ) : (
        <>
          <DataTable
            caption={t('groupHome.members.listLabel')}
            columns={columns}
            rows={members.items}
            rowKey={(m) => m._id}
            sort={sort}
            dir={dir}
            loading={loading}
            minWidth={withActions ? '720px' : seesEmails ? '560px' : undefined}
            className="lg:overflow-visible"
            rowClassName="align-top"
            // One handler for every row's form (submitted without reloading the page once JavaScript runs).
            onSubmit={withActions ? actions.onSubmit : undefined}
          >
            <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
          </DataTable>
          <Pagination page={members.page} pageSize={members.pageSize} total={members.total} />
          {withActions ? actions.dialog : null}
        </>
      )}
    </section>
  )
}
