import { describe, expect, it } from 'vitest'
import { tFor } from '~/i18n/i18n.server'
import { bulkToast, DONE_NAMES, readToast, toastHeader, translateToast } from './toast.server'

const KEYS = { done: 'groups.toast.delete.done', partial: 'groups.toast.delete.partial' }
const names = new Map([
  ['g1', 'Bild 7A'],
  ['g2', 'Kören'],
  ['g3', 'Schack'],
])

describe('bulkToast: a bulk result names its items', () => {
  it('a partial failure names each failed item beside its error and says how many succeeded, in both languages', () => {
    const toast = bulkToast(
      [
        { _id: 'g1', result: 'SUCCESS' },
        { _id: 'g2', result: 'GROUP_NOT_FOUND' },
        { _id: 'g3', result: 'SUCCESS' },
      ],
      KEYS,
      names,
    )
    expect(toast).toEqual({
      key: KEYS.partial,
      values: { succeeded: '2', total: '3', count: '3' },
      type: 'error',
      items: { failed: { GROUP_NOT_FOUND: ['Kören'] }, moreFailed: 0, done: ['Bild 7A', 'Schack'], moreDone: 0 },
    })
    expect(translateToast(tFor('en'), toast)).toMatchObject({
      text: '2 of 3 groups deleted. Not deleted:',
      failed: [`Kören: ${tFor('en')('errors.GROUP_NOT_FOUND')}`],
      done: 'Done: Bild 7A, Schack.',
    })
    expect(translateToast(tFor('sv'), toast)).toMatchObject({
      text: '2 av 3 grupper borttagna. Inte borttagna:',
      failed: [`Kören: ${tFor('sv')('errors.GROUP_NOT_FOUND')}`],
      done: 'Klara: Bild 7A, Schack.',
    })
  })

  it('says one group in the singular, and an item without a name is unknown', () => {
    const toast = bulkToast([{ _id: 'elsewhere', result: 'GROUP_NOT_FOUND' }], KEYS, names)
    expect(translateToast(tFor('en'), toast)).toMatchObject({
      text: '0 of 1 group deleted. Not deleted:',
      failed: [expect.stringMatching(/^\(unknown\): /)],
    })
    expect(translateToast(tFor('sv'), toast)).toMatchObject({
      text: '0 av 1 grupp borttagen. Inte borttagna:',
      failed: [expect.stringMatching(/^\(okänd\): /)],
    })
    const one = translateToast(tFor('sv'), bulkToast([{ _id: 'g1', result: 'SUCCESS' }], KEYS, names))
    expect(one).toMatchObject({ type: 'success', text: '1 av 1 grupp borttagen.', done: 'Klara: Bild 7A.' })
    expect(one.failed).toBeUndefined()
  })

  it('an address that is no member is named by itself (add group creators by email)', () => {
    const toast = bulkToast([{ _id: 'x@example.se', email: 'x@example.se', result: 'MEMBER_NOT_FOUND' }], KEYS)
    expect(toast.items?.failed).toEqual({ MEMBER_NOT_FOUND: ['x@example.se'] })
  })

  it(`names the first ${DONE_NAMES} that succeeded and counts the others`, () => {
    const ids = Array.from({ length: 25 }, (_, i) => `m${i}`)
    const many = new Map(ids.map((id, i) => [id, `Elev ${i}`]))
    const toast = bulkToast(
      ids.map((_id) => ({ _id, result: 'SUCCESS' })),
      { done: 'bulk.resultSummary', partial: 'orgMembers.resultWithError' },
      many,
    )
    expect(toast.items).toMatchObject({ done: ids.slice(0, DONE_NAMES).map((id) => many.get(id)), moreDone: 15 })
    expect(translateToast(tFor('en'), toast).done).toBe(
      `Done: ${ids
        .slice(0, 10)
        .map((id) => many.get(id))
        .join(', ')} and 15 more.`,
    )
    expect(translateToast(tFor('sv'), toast).done).toMatch(/^Klara: Elev 0, .* och 15 till\.$/)
  })

  it('lists every failure that the cookie holds, counts the rest, and the cookie stays under 4 KB', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `u${i}`)
    const long = new Map(ids.map((id, i) => [id, `Åsa Öberg-Ängström ${i} med ett långt efternamn`]))
    const results = ids.map((_id, i) => ({ _id, result: i % 2 ? 'IS_GROUP_OWNER' : 'LAST_ADMIN' }))
    const toast = bulkToast(results, { done: 'bulk.resultSummary', partial: 'orgMembers.resultWithError' }, long)
    const listed = Object.values(toast.items!.failed).flat().length
    expect(listed).toBeGreaterThan(20)
    expect(listed + toast.items!.moreFailed).toBe(300)
    const cookie = await toastHeader(toast)
    expect(cookie.length).toBeLessThan(4000)
    // It reads back whole.
    const read = await readToast(new Request('http://localhost/', { headers: { Cookie: cookie.split(';')[0] } }))
    expect(read.toast).toEqual(toast)
    const shown = translateToast(tFor('en'), toast)
    expect(shown.failed).toHaveLength(listed + 1)
    expect(shown.failed?.at(-1)).toBe(`and ${300 - listed} more not done`)
  })
})

describe('translateToast', () => {
  it('a toast without items is its message', () => {
    expect(translateToast(tFor('en'), { key: 'invitations.toast.sent', values: { email: 'a@b.se' }, type: 'success' })).toEqual({
      key: 'invitations.toast.sent',
      values: { email: 'a@b.se' },
      type: 'success',
      text: 'The invitation was sent to a@b.se.',
    })
  })
})
