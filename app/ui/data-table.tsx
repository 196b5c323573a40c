import type { FormEventHandler, ReactNode } from 'react'
import { RowCheckbox, SelectAll, SelectWord } from './bulk'
import { SortHeader } from './list-controls'

/** One column of a DataTable: its header, the sort key its header links to (if any) and its cell. */
export interface Column<Row> {
  header: ReactNode
  /** The list's sort key for this column: the header becomes a SortHeader. */
  sort?: string
  cell: (row: Row) => ReactNode
  /** Classes of the cell beside its padding (a literal string, for Tailwind to see). */
  className?: string | ((row: Row) => string)
  /** The cells' `data-testid` (for tests that read one column of a row). */
  testId?: string
}

const cellClass = <Row,>(column: Column<Row>, row: Row) =>
  `px-3 py-2 ${typeof column.className === 'function' ? column.className(row) : (column.className ?? '')}`

/**
 * A list's table, driven by its columns: the same markup on every list screen. The first column
 * names the row (`<th scope="row">`); a column with `sort` gets a SortHeader (aria-sort, the arrow
 * drawn by CSS). It scrolls sideways on a phone, has a caption for screen readers and dims while
 * the next page loads. With `bulk`, each row starts with a checkbox of the bulk form, labelled
 * "Select <the row's name>", under a select-all header cell.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  dir,
  loading,
  minWidth,
  bulk,
  className = '',
  rowClassName = '',
  onSubmit,
  children,
}: {
  caption: string
  columns: Column<Row>[]
  rows: Row[]
  /** The row's id: its React key, and with `bulk` the checkbox's value. */
  rowKey: (row: Row) => string
  sort: string
  dir: 'asc' | 'desc'
  loading: boolean
  minWidth?: string
  /**
   * The bulk form; `rowName` names a row where its first cell does not tell it apart (two people of
   * the same name: "Alma Lindqvist (alma.l@example.se)"), for the checkbox and the confirmation.
   */
  bulk?: { formId: string; rowName?: (row: Row) => string }
  /** Classes of the scrolling wrapper beside its own (for example `xl:overflow-visible` for tooltips). */
  className?: string
  rowClassName?: string
  /** One handler for the forms in the rows. */
  onSubmit?: FormEventHandler<HTMLDivElement>
  /** After the table, inside the wrapper (for example the descriptions the cells refer to). */
  children?: ReactNode
}) {
  const [first, ...rest] = columns
  return (
    <div
      className={`relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${className} ${loading ? 'opacity-60' : ''}`}
      aria-busy={loading || undefined}
      onSubmit={onSubmit}
    >
      {bulk ? <SelectWord formId={bulk.formId} /> : null}
      <table className="w-full text-sm" style={minWidth ? { minWidth } : undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {bulk ? (
              <th scope="col" className="w-10 px-3 py-2">
                <SelectAll formId={bulk.formId} />
              </th>
            ) : null}
            {columns.map((c, i) =>
              c.sort ? (
                <SortHeader key={i} sort={c.sort} current={sort} dir={dir}>
                  {c.header}
                </SortHeader>
              ) : (
                <th key={i} scope="col" className="px-3 py-2 text-left font-semibold">
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = rowKey(row)
            const nameId = bulk ? `${bulk.formId}-${id}` : undefined
            return (
              <tr key={id} className={`border-t border-slate-200 ${rowClassName}`}>
                {bulk && nameId ? (
                  <td className="px-3 py-2">
                    <RowCheckbox formId={bulk.formId} value={id} nameId={nameId} />
                    {bulk.rowName ? (
                      <span id={nameId} hidden>
                        {bulk.rowName(row)}
                      </span>
                    ) : null}
                  </td>
                ) : null}
                <th scope="row" id={bulk?.rowName ? undefined : nameId} className={`text-left font-medium ${cellClass(first, row)}`}>
                  {first.cell(row)}
                </th>
                {rest.map((c, i) => (
                  <td key={i} className={cellClass(c, row)} data-testid={c.testId}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
      {children}
    </div>
  )
}
