import { describe, expect, it } from 'vitest'
import { renderHtml } from '../../tests/support/render'
import { DataTable, type Column } from './data-table'

interface Row {
  id: string
  name: string
  email: string
}

const rows: Row[] = [
  { id: 'a1', name: 'Anna', email: 'anna@example.se' },
  { id: 'b2', name: 'Bo', email: 'bo@example.se' },
]
const columns: Column<Row>[] = [
  { header: 'Name', sort: 'name', cell: (r) => r.name },
  { header: 'Email', cell: (r) => r.email, className: 'break-all' },
]

describe('DataTable', () => {
  it('names each row by its first column (a row header) and sorts by the columns that have a sort key', async () => {
    const html = await renderHtml(
      <DataTable caption="People" columns={columns} rows={rows} rowKey={(r) => r.id} sort="name" dir="asc" loading={false} />,
      'en',
      'http://localhost/people?q=a',
    )
    expect(html).toContain('<caption class="sr-only">People</caption>')
    expect(html).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/people\?q=a&amp;sort=name&amp;dir=desc"/)
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-left font-semibold">Email</th>')
    expect(html).toContain('<th scope="row" class="text-left font-medium px-3 py-2 ">Anna</th>')
    expect(html).toContain('<td class="px-3 py-2 break-all">bo@example.se</td>')
    expect(html).not.toContain('type="checkbox"')
  })

  it('with bulk, labels each row checkbox "Select" and the row header, under a select-all cell', async () => {
    const html = await renderHtml(
      <DataTable
        bulk={{ formId: 'people-bulk' }}
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort="email"
        dir="desc"
        loading
      />,
    )
    expect(html).toContain('<span id="people-bulk-select-word" hidden="">Select</span>')
    expect(html).toContain(
      '<input type="checkbox" name="ids" form="people-bulk" aria-labelledby="people-bulk-select-word people-bulk-b2" class="size-4" value="b2"/>',
    )
    expect(html).toContain('<th scope="row" id="people-bulk-b2"')
    expect(html).toMatch(/<div class="[^"]*opacity-60" aria-busy="true">/)
    // One element a row's cell: the checkbox cell, the row header and the email.
    expect(html.match(/<tr /g)).toHaveLength(2)
  })
})
