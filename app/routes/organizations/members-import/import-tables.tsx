import { useTranslation } from 'react-i18next'
import type { RowResult } from '~/services/member-import/apply.server'
import type { ImportColumns } from '~/services/member-import/parse.server'
import type { Preview, PreviewRow, RowKind } from '~/services/member-import/preview.server'

/*
 * The import's preview and result as tables, a section per kind of row. A file may have 10,000
 * rows: each section shows its first ROWS_SHOWN rows and counts the rest, so the page stays small
 * (errors come first, all of them up to the same limit).
 */

export const ROWS_SHOWN = 500

const SECTION_ORDER: RowKind[] = ['error', 'add', 'invite', 'update', 'alreadyInvited', 'unchanged']

type ShownRow = Omit<PreviewRow, 'userId'>

/** What the page gets of a preview: the counts, and the first rows of each kind. */
export function shownPreview(preview: Preview) {
  const sections = SECTION_ORDER.map((kind) => {
    const rows = preview.rows.filter((r) => r.kind === kind)
    return { kind, rows: rows.slice(0, ROWS_SHOWN) as ShownRow[], more: Math.max(0, rows.length - ROWS_SHOWN) }
  }).filter((s) => s.rows.length > 0)
  return { counts: preview.counts, newGroups: preview.newGroups, sections }
}

const RESULT_KIND: Record<string, RowKind> = {
  ADDED: 'add',
  INVITED: 'invite',
  UPDATED: 'update',
  UNCHANGED: 'unchanged',
  ALREADY_INVITED: 'alreadyInvited',
}

/** What the page gets of a result: the same sections, each row with its outcome. */
export function shownResults(results: RowResult[]) {
  return SECTION_ORDER.map((kind) => {
    const rows = results.filter((r) => (RESULT_KIND[r.result] ?? 'error') === kind)
    return { kind, count: rows.length, rows: rows.slice(0, ROWS_SHOWN), more: Math.max(0, rows.length - ROWS_SHOWN) }
  }).filter((s) => s.count > 0)
}

function Section({
  kind,
  count,
  more,
  done = false,
  children,
}: {
  kind: RowKind
  count: number
  more: number
  /** After the import ran: the heading says what happened, not what will. */
  done?: boolean
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const id = `import-${kind}`
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className={`mb-2 font-semibold ${kind === 'error' ? 'text-red-800' : ''}`}>
        {t(done ? `orgImport.doneSections.${kind}` : `orgImport.sections.${kind}`)} ({count})
      </h2>
      <div className="overflow-x-auto rounded-md bg-white ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('orgImport.columns.line')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('orgImport.columns.email')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('orgImport.columns.name')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {kind === 'error' ? t('orgImport.columns.problem') : t('orgImport.columns.details')}
              </th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {more ? <p className="mt-1 text-sm text-slate-600">{t('orgImport.more', { count: more })}</p> : null}
    </section>
  )
}

function Row({ line, email, name, details }: { line: number; email: string; name: string; details: string }) {
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="px-3 py-2 tabular-nums">{line}</td>
      <th scope="row" className="break-all px-3 py-2 text-left font-medium">
        {email}
      </th>
      <td className="px-3 py-2">{name}</td>
      <td className="px-3 py-2">{details}</td>
    </tr>
  )
}

function useDetails() {
  const { t } = useTranslation()
  return (row: ShownRow) => {
    if (row.kind === 'error') return t(`orgImport.problems.${row.problem}`, { groups: (row.unknownGroups ?? []).join(', ') })
    const parts: string[] = []
    if (row.createsGroups?.length) parts.push(t('orgImport.details.createsGroups', { groups: row.createsGroups.join(', ') }))
    if (row.kind === 'invite' && row.groups.length) parts.push(t('orgImport.details.inviteGroups', { groups: row.groups.join(', ') }))
    if (row.joins?.length) parts.push(t('orgImport.details.joins', { groups: row.joins.join(', ') }))
    if (row.becomesGroupCreator || (row.kind === 'invite' && row.groupCreator)) parts.push(t('orgImport.details.groupCreator'))
    return parts.join('. ')
  }
}

/** Which of the file's columns the import reads, as what, and which it leaves out (issue 35). */
export function ImportColumnsRead({ columns }: { columns: ImportColumns }) {
  const { t } = useTranslation()
  return (
    <div className="mb-4 rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
      <p>
        {t('orgImport.preview.columnsUsed', {
          columns: columns.used
            .map((c) => t('orgImport.preview.columnAs', { header: c.header, as: t(`orgImport.fields.${c.column}`) }))
            .join(', '),
        })}
      </p>
      <p className="text-slate-700">
        {columns.ignored.length
          ? t('orgImport.preview.columnsIgnored', { columns: columns.ignored.join(', ') })
          : t('orgImport.preview.noColumnsIgnored')}
      </p>
    </div>
  )
}

export function ImportPreview({ preview }: { preview: ReturnType<typeof shownPreview> }) {
  const { t } = useTranslation()
  const details = useDetails()
  return (
    <>
      <ul className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={t('orgImport.columns.result')}>
        {SECTION_ORDER.filter((kind) => preview.counts[kind] > 0).map((kind) => (
          <li
            key={kind}
            className={`rounded-full px-3 py-1 ring-1 ${
              kind === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-white ring-slate-200'
            }`}
          >
            {t(`orgImport.counts.${kind}`, { count: preview.counts[kind] })}
          </li>
        ))}
      </ul>
      {preview.newGroups.length ? (
        <p className="mb-4">{t('orgImport.preview.newGroups', { names: preview.newGroups.join(', ') })}</p>
      ) : null}
      {preview.sections.map((s) => (
        <Section key={s.kind} kind={s.kind} count={preview.counts[s.kind]} more={s.more}>
          {s.rows.map((r) => (
            <Row key={r.line} line={r.line} email={r.email} name={r.name} details={details(r)} />
          ))}
        </Section>
      ))}
    </>
  )
}

export function ImportResults({ results }: { results: ReturnType<typeof shownResults> }) {
  const { t } = useTranslation()
  return (
    <>
      {results.map((s) => (
        <Section key={s.kind} kind={s.kind} count={s.count} more={s.more} done>
          {s.rows.map((r) => (
            <Row
              key={r.line}
              line={r.line}
              email={r.email}
              name={r.name}
              details={[
                s.kind === 'error'
                  ? t(`orgImport.problems.${r.result}`, { groups: (r.unknownGroups ?? []).join(', ') })
                  : t(`orgImport.outcomes.${r.result}`),
                r.joined?.length ? t('orgImport.details.joins', { groups: r.joined.join(', ') }) : '',
              ]
                .filter(Boolean)
                .join('. ')}
            />
          ))}
        </Section>
      ))}
    </>
  )
}
