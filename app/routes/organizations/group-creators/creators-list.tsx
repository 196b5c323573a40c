import { useTranslation } from 'react-i18next'
import type { Member } from '~/services/members/members.server'
import { BulkAction, BulkBar } from '~/ui/bulk'
import { DataTable, type Column } from '~/ui/data-table'
import { useFormatters } from '~/ui/format'
import { Pagination, SearchBox, useListLoading } from '~/ui/list-controls'
import { nameWithEmail } from '~/utils/name-with-email'

const BULK_FORM = 'group-creators-bulk'

/** The organization's group creators: search, sort, pages and the bulk removal. */
export function CreatorsList({
  page,
  query,
}: {
  page: { items: Member[]; total: number; page: number; pageSize: number }
  query: { q: string; sort: string; dir: 'asc' | 'desc' }
}) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const loading = useListLoading()
  const empty = page.total === 0
  const columns: Column<Member>[] = [
    { header: t('groupCreators.columns.name'), sort: 'name', cell: (m) => m.name },
    { header: t('groupCreators.columns.email'), sort: 'email', cell: (m) => m.email, className: 'break-all' },
    { header: t('groupCreators.columns.joined'), sort: 'created', cell: (m) => date(m.created), className: 'whitespace-nowrap' },
    {
      header: t('groupCreators.columns.lastSeen'),
      sort: 'lastRequest',
      cell: (m) => (m.lastRequest ? dateTime(m.lastRequest) : t('groupCreators.never')),
      className: 'whitespace-nowrap',
    },
    {
      header: t('groupCreators.columns.attendance'),
      cell: (m) => (m.mayCreateAttendance ? t('groupCreators.attendance.yes') : t('groupCreators.attendance.no')),
      testId: 'attendance',
      className: 'whitespace-nowrap',
    },
  ]
  return (
    <div className="mb-8">
      <h2 className="sr-only">{t('groupCreators.listTitle')}</h2>
      <div className="mb-3 max-w-md">
        <SearchBox q={query.q} label={t('groupCreators.search')} />
      </div>
      {empty ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700">{query.q ? t('list.noMatches') : t('groupCreators.empty')}</p>
      ) : (
        <>
          <BulkBar formId={BULK_FORM} total={page.total} pageCount={page.items.length}>
            <BulkAction
              formId={BULK_FORM}
              intent="removeCreators"
              variant="danger"
              confirm={{
                title: t('groupCreators.remove.title'),
                body: (count) => t('groupCreators.remove.body', { count }),
                action: t('groupCreators.remove.confirm'),
                itemsLabel: t('groupCreators.remove.items'),
              }}
            >
              {t('groupCreators.remove.action')}
            </BulkAction>
            <BulkAction formId={BULK_FORM} intent="grantAttendance">
              {t('groupCreators.attendance.grant')}
            </BulkAction>
            <BulkAction formId={BULK_FORM} intent="revokeAttendance">
              {t('groupCreators.attendance.revoke')}
            </BulkAction>
          </BulkBar>
          <DataTable
            bulk={{ formId: BULK_FORM, rowName: (m) => nameWithEmail(m.name, m.email) }}
            caption={t('groupCreators.listTitle')}
            columns={columns}
            rows={page.items}
            rowKey={(m) => m._id}
            sort={query.sort}
            dir={query.dir}
            loading={loading}
            minWidth="640px"
          />
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </div>
  )
}
