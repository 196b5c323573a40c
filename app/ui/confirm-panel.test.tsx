import { describe, expect, it } from 'vitest'
import { renderHtml, textOf } from '../../tests/support/render'
import { ConfirmPanel } from './confirm-panel'
import { NamedItems } from './named-items'

const ids = Array.from({ length: 14 }, (_, i) => `id-${i}`)
const named = ids.slice(0, 10).map((id, i) => ({ id, name: `Grupp ${i}` }))

describe('ConfirmPanel (the confirmation step without JavaScript)', () => {
  it('lists the first items by name, ticked, the rest as "and N more", and posts every id again', async () => {
    const html = await renderHtml(
      <ConfirmPanel
        intent="delete"
        title="Ta bort grupper?"
        body="…"
        action="Ta bort"
        itemsLabel="Grupper som tas bort"
        selection={{ ids, count: 14, named }}
      />,
      'sv',
    )
    expect(textOf(html)).toContain('Grupper som tas bort Grupp 0 Grupp 1')
    expect(textOf(html)).toContain('Grupp 9 och 4 till')
    // Ten ticked checkboxes (they can be unticked), four hidden ids: all fourteen post again.
    expect(html.match(/<input type="checkbox" name="ids"[^>]*checked=""[^>]*>/g)).toHaveLength(10)
    expect(html.match(/<input type="hidden" name="ids"/g)).toHaveLength(4)
    for (const id of ids) expect(html).toContain(`value="${id}"`)
    expect(html).toContain(
      '<label class="inline-flex items-center gap-2"><input type="checkbox" name="ids" class="size-4" checked="" value="id-0"/>Grupp 0</label>',
    )
  })

  it('names "all matching" as a list (the server reads the scope again), with the count of the others', async () => {
    const html = await renderHtml(
      <ConfirmPanel intent="remove" title="T" body="B" action="A" selection={{ ids: [], scope: 'matching', count: 60, named }} />,
      'en',
    )
    expect(textOf(html)).toContain('This changes: Grupp 0 Grupp 1')
    expect(textOf(html)).toContain('and 50 more')
    expect(html).not.toContain('name="ids"')
    expect(html).toContain('name="scope" value="matching"')
    expect(html).toContain('name="expected" value="60"')
  })

  it('an item without a name is said to be unknown; nothing named, no list', async () => {
    expect(
      textOf(
        await renderHtml(
          <ConfirmPanel intent="x" title="T" body="B" action="A" selection={{ ids: ['a'], count: 1, named: [{ id: 'a', name: '' }] }} />,
        ),
      ),
    ).toContain('(unknown)')
    const plain = await renderHtml(<ConfirmPanel intent="x" title="T" body="B" action="A" selection={{ ids: ['a'], count: 1 }} />)
    expect(plain).not.toContain('<fieldset')
    expect(plain).toContain('<input type="hidden" name="ids" value="a"/>')
  })
})

describe('NamedItems (the confirmation dialog with JavaScript)', () => {
  it('lists the names and "and N more", in both languages', async () => {
    const names = named.map((n) => n.name)
    expect(textOf(await renderHtml(<NamedItems label="Groups to delete" names={names} total={11} />))).toBe(
      `Groups to delete ${names.join(' ')} and 1 more`,
    )
    expect(textOf(await renderHtml(<NamedItems label="Grupper" names={names.slice(0, 2)} total={2} />, 'sv'))).toBe(
      'Grupper Grupp 0 Grupp 1',
    )
    expect(await renderHtml(<NamedItems label="x" names={[]} total={3} />)).toBe('')
  })
})
