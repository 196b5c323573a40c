import { useTranslation } from 'react-i18next'
import type { GroupListItem } from '~/services/groups/groups.server'
import { BulkAction, BulkBar, BulkTable, RowCheckbox } from '~/ui/bulk'
import { useFormatters } from '~/ui/format'
import { Pagination, SortHeader, useListLoading } from '~/ui/list-controls'
import type { Page } from '~/utils/list-query'

const BULK_FORM = 'groups-bulk'

/** The page of groups with the bulk bar (each action posts the checked rows with its intent) and pagination. */
export function GroupsTable({
  page,
  sort,
  dir,
  filtered,
  active = true,
}: {
  page: Page<GroupListItem>
  sort: string
  dir: 'asc' | 'desc'
  filtered: boolean
  /** The organization's flag: an inactive one's groups are not activated nor given new owners. */
  active?: boolean
}) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const loading = useListLoading()
  // Translated once, not once per row.
  const kindLabel = { standard: t('groups.kind.standard'), attendance: t('groups.kind.attendance') }
  const [activeLabel, inactiveLabel, never] = [t('groups.status.active'), t('groups.status.inactive'), t('groups.never')]
  if (page.total === 0) {
    return (
      <p className="rounded-md bg-slate-50 p-4 text-slate-700" aria-busy={loading || undefined}>
        {filtered ? t('list.noMatches') : t('groups.empty')}
      </p>
    )
  }
  return (
    <>
      <BulkBar formId={BULK_FORM} total={page.total} pageCount={page.items.length}>
        <span className="sr-only">{t('groups.bulkLabel')}</span>
        {active ? (
          <BulkAction formId={BULK_FORM} intent="activate">
            {t('groups.activate')}
          </BulkAction>
        ) : null}
        <BulkAction formId={BULK_FORM} intent="deactivate">
          {t('groups.deactivate')}
        </BulkAction>
        {active ? (
          <BulkAction formId={BULK_FORM} intent="change-owners-form">
            {t('groups.changeOwners')}
          </BulkAction>
        ) : null}
        <BulkAction
          formId={BULK_FORM}
          intent="delete"
          variant="danger"
          confirm={{
            title: t('groups.delete.title'),
            body: (count) => t('groups.delete.body', { count }),
            action: t('groups.delete.confirm'),
            itemsLabel: t('groups.delete.items'),
          }}
        >
          {t('groups.delete.action')}
        </BulkAction>
      </BulkBar>
      <BulkTable
        formId={BULK_FORM}
        caption={t('groups.listLabel')}
        loading={loading}
        minWidth="820px"
        head={
          <>
            <SortHeader sort="name" current={sort} dir={dir}>
              {t('groups.columns.name')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('groups.columns.kind')}
            </th>
            <SortHeader sort="owner" current={sort} dir={dir}>
              {t('groups.columns.owner')}
            </SortHeader>
            <SortHeader sort="members" current={sort} dir={dir}>
              {t('groups.columns.members')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('groups.columns.active')}
            </th>
            <SortHeader sort="created" current={sort} dir={dir}>
              {t('groups.columns.created')}
            </SortHeader>
            <SortHeader sort="latestActivity" current={sort} dir={dir}>
              {t('groups.columns.latestActivity')}
            </SortHeader>
          </>
        }
      >
        {page.items.map((g) => (
          <tr key={g._id} className="border-t border-slate-200">
            <td className="px-3 py-2">
              <RowCheckbox formId={BULK_FORM} value={g._id} nameId={`group-${g._id}`} />
            </td>
            <td id={`group-${g._id}`} className="px-3 py-2 font-medium">
              {g.name}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{kindLabel[g.kind]}</td>
            {/* Name and email on two lines, the email dimmed (`.name-and-email`, app/styles/app.css): one element. */}
            <td className="name-and-email min-w-48 px-3 py-2">{`${g.owner.name}\n${g.owner.email}`}</td>
            <td className="px-3 py-2 text-right tabular-nums">{g.memberCount}</td>
            <td className={`px-3 py-2 whitespace-nowrap text-xs font-medium ${g.active ? 'text-green-800' : 'text-slate-600'}`}>
              {g.active ? activeLabel : inactiveLabel}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{date(g.created)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{g.latestActivity ? dateTime(g.latestActivity) : never}</td>
          </tr>
        ))}
      </BulkTable>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
