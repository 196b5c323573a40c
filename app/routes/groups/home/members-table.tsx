import { useTranslation } from 'react-i18next'
import type { GroupHome } from '~/services/group-home.server'
import { useRootData } from '~/ui/root-data'
import { useFormatters } from '~/ui/format'
import { Pagination, SearchBox, useListLoading } from '~/ui/list-controls'
import { roleFlagsOf } from '~/services/group-roles'
import { GroupRoleBadge, useRoleLabels } from '~/ui/group-role'
import { MemberActions, useMemberActions } from './member-actions'

/**
 * The group's members, 50 a page (owner, leaders, members, subscribers; by name), searchable by
 * name or email. Owners and leaders get each row's actions (MemberActions), sharing one dialog.
 */
export function MembersTable({ home, q }: { home: GroupHome; q: string }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const loading = useListLoading()
  const roleLabels = useRoleLabels()
  const me = useRootData()?.user?.id
  const { members, rights, group } = home
  const withActions = rights.manageMembers || rights.manageGroup
  const actions = useMemberActions(t, roleLabels, group.name)
  const you = t('groupHome.members.you')
  return (
    <section aria-labelledby="group-members-title">
      <h2 id="group-members-title" className="mb-2 text-lg font-semibold">
        {t('groupHome.members.title')}
      </h2>
      <div className="mb-3 max-w-xl">
        <SearchBox q={q} label={t('groupHome.members.search')} />
      </div>
      {members.total === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t('groupHome.members.noMatches')}</p>
      ) : (
        <>
          <div
            className={`relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:overflow-visible ${
              loading ? 'opacity-60' : ''
            }`}
            aria-busy={loading || undefined}
          >
            <table className="w-full min-w-[640px] text-sm">
              <caption className="sr-only">{t('groupHome.members.listLabel')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    {t('groupHome.members.name')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    {t('groupHome.members.role')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    {t('groupHome.members.joined')}
                  </th>
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
                    <td className="px-3 py-2">
                      <span className="block font-medium">
                        {m.name} {m._id === me ? <span className="font-normal text-slate-600">{you}</span> : null}
                      </span>
                      <span className="block break-all text-slate-600">{m.email}</span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <GroupRoleBadge role={m.role} flags={roleFlagsOf(m.role)} labels={roleLabels} />
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
          </div>
          <Pagination page={members.page} pageSize={members.pageSize} total={members.total} />
          {withActions ? actions.dialog : null}
        </>
      )}
    </section>
  )
}
