import { useTranslation } from 'react-i18next'
import type { Member } from '~/services/members/members.server'
import { BulkAction, BulkBar, BulkTable, RowCheckbox } from '~/ui/bulk'
import { useFormatters } from '~/ui/format'
import { Pagination, SearchBox, SortHeader, useListLoading } from '~/ui/list-controls'

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
  return (
    <div className="mb-8">
      <h3 className="sr-only">{t('groupCreators.listTitle')}</h3>
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
          <BulkTable
            formId={BULK_FORM}
            caption={t('groupCreators.listTitle')}
            loading={loading}
            minWidth="640px"
            head={
              <>
                <SortHeader sort="name" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.name')}
                </SortHeader>
                <SortHeader sort="email" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.email')}
                </SortHeader>
                <SortHeader sort="created" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.joined')}
                </SortHeader>
                <SortHeader sort="lastRequest" current={query.sort} dir={query.dir}>
                  {t('groupCreators.columns.lastSeen')}
                </SortHeader>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('groupCreators.columns.attendance')}
                </th>
              </>
            }
          >
            {page.items.map((m) => (
              <tr key={m._id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  <RowCheckbox formId={BULK_FORM} value={m._id} nameId={`creator-${m._id}`} />
                </td>
                <td id={`creator-${m._id}`} className="px-3 py-2 font-medium">
                  {m.name}
                </td>
                <td className="px-3 py-2 break-all">{m.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{date(m.created)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{m.lastRequest ? dateTime(m.lastRequest) : t('groupCreators.never')}</td>
                <td className="px-3 py-2 whitespace-nowrap" data-testid="attendance">
                  {m.mayCreateAttendance ? t('groupCreators.attendance.yes') : t('groupCreators.attendance.no')}
                </td>
              </tr>
            ))}
          </BulkTable>
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </div>
  )
}
