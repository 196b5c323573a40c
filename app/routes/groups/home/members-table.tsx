import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupHome } from '~/services/groups/group-home.server'
import { roleFlagsOf } from '~/services/groups/group-roles'
import type { GroupMemberSort } from '~/services/groups/my-groups.schemas'
import { useFormatters } from '~/ui/format'
import { GroupRoleBadge, RoleDescriptions, useRoleLabels } from '~/ui/group-role'
import { Pagination, SearchBox, SortHeader, useListLoading } from '~/ui/list-controls'
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
export function MembersTable({ home, query }: { home: GroupHome; query: MembersQuery }) {
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
          <div
            className={`relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:overflow-visible ${
              loading ? 'opacity-60' : ''
            }`}
            aria-busy={loading || undefined}
            // One handler for every row's form (submitted without reloading the page once JavaScript runs).
            onSubmit={withActions ? actions.onSubmit : undefined}
          >
            <table className={`w-full text-sm ${withActions ? 'min-w-[720px]' : seesEmails ? 'min-w-[560px]' : ''}`}>
              <caption className="sr-only">{t('groupHome.members.listLabel')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <SortHeader sort="name" current={sort} dir={dir}>
                    {t('groupHome.members.name')}
                  </SortHeader>
                  {seesEmails ? (
                    <SortHeader sort="email" current={sort} dir={dir}>
                      {t('groupHome.members.email')}
                    </SortHeader>
                  ) : null}
                  <SortHeader sort="role" current={sort} dir={dir}>
                    {t('groupHome.members.role')}
                  </SortHeader>
                  <SortHeader sort="joined" current={sort} dir={dir}>
                    {t('groupHome.members.joined')}
                  </SortHeader>
                  {withActions ? (
                    <th scope="col" className="px-3 py-2 text-left font-semibold">
                      {t('groupHome.members.actions')}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {members.items.map((m) => (
                  <tr key={m._id} className="border-t border-slate-200 align-top">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {m.name} {m._id === me ? <span className="font-normal text-slate-600">{you}</span> : null}
                    </th>
                    {seesEmails ? <td className="px-3 py-2 break-all text-slate-700">{m.email}</td> : null}
                    <td className="px-3 py-2 whitespace-nowrap">
                      <GroupRoleBadge role={m.role} flags={roleFlagsOf(m.role)} labels={roleLabels} descriptionsId={roles} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{date(m.joined)}</td>
                    {withActions ? (
                      <td className="px-3 py-2">
                        {m.role === 'owner' ? null : <MemberActions member={m} rights={rights} shared={actions} />}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            <RoleDescriptions idPrefix={roles} labels={roleLabels} flagsOf={roleFlagsOf} />
          </div>
          <Pagination page={members.page} pageSize={members.pageSize} total={members.total} />
          {withActions ? actions.dialog : null}
        </>
      )}
    </section>
  )
}
