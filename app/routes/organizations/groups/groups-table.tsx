import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import type { GroupListItem } from '~/services/groups/groups.server'
import { BulkAction, BulkBar } from '~/ui/bulk'
import { DataTable, type Column } from '~/ui/data-table'
import { useFormatters } from '~/ui/format'
import { Pagination, useListLoading } from '~/ui/list-controls'
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
  const columns: Column<GroupListItem>[] = [
    {
      header: t('groups.columns.name'),
      sort: 'name',
      // The admin opens the group (its home shows them the group read-only when they are not a member).
      cell: (g) => (
        <AppLink to={`/groups/${g._id}/home`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {g.name}
        </AppLink>
      ),
    },
    { header: t('groups.columns.kind'), cell: (g) => kindLabel[g.kind], className: 'whitespace-nowrap' },
    // Name and email on two lines, the email dimmed (`.name-and-email`, app/styles/app.css): one element.
    {
      header: t('groups.columns.owner'),
      sort: 'owner',
      cell: (g) => `${g.owner.name}\n${g.owner.email}`,
      className: 'name-and-email min-w-48',
    },
    { header: t('groups.columns.members'), sort: 'members', cell: (g) => g.memberCount, className: 'text-right tabular-nums' },
    {
      header: t('groups.columns.active'),
      cell: (g) => (g.active ? activeLabel : inactiveLabel),
      className: (g) =>
        g.active ? 'whitespace-nowrap text-xs font-medium text-green-800' : 'whitespace-nowrap text-xs font-medium text-slate-600',
    },
    { header: t('groups.columns.created'), sort: 'created', cell: (g) => date(g.created), className: 'whitespace-nowrap' },
    {
      header: t('groups.columns.latestActivity'),
      sort: 'latestActivity',
      cell: (g) => (g.latestActivity ? dateTime(g.latestActivity) : never),
      className: 'whitespace-nowrap',
    },
  ]
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
      <DataTable
        bulk={{ formId: BULK_FORM }}
        caption={t('groups.listLabel')}
        columns={columns}
        rows={page.items}
        rowKey={(g) => g._id}
        sort={sort}
        dir={dir}
        loading={loading}
        minWidth="820px"
      />
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </>
  )
}
