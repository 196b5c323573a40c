import { describe, expect, it } from 'vitest'
import { createUser } from '../../tests/support/factories'
import { BATCH_SIZE, batches, prepared } from './batches'
import { db } from './db.server'

describe('batches', () => {
  it('splits in order into batches of the size, the last one shorter, and none for no items', () => {
    const items = Array.from({ length: 1_201 }, (_, i) => i)
    const parts = batches(items)
    expect(parts.map((p) => p.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 201])
    expect(parts.flat()).toEqual(items)
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(batches([1, 2], 2)).toEqual([[1, 2]])
    expect(batches([])).toEqual([])
  })

  it('takes any iterable (a set keeps its order, each once)', () => {
    expect(batches(new Set(['a', 'b', 'a', 'c']), 2)).toEqual([['a', 'b'], ['c']])
  })

  it('refuses a size that would loop forever or lose items', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => batches([1], size)).toThrow(RangeError)
  })

  it('a query batched over more ids than one statement may bind finds every row', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser()))
    const ids = [...users.map((u) => u.id), ...Array.from({ length: 40_000 }, (_, i) => `missing-${i}`)]
    const found: string[] = []
    for (const part of batches(ids)) {
      for (const r of await db().selectFrom('users').select('id').where('id', 'in', part).execute()) found.push(r.id)
    }
    expect(found.sort()).toEqual(users.map((u) => u.id).sort())
  })
})

describe('prepared', () => {
  it('compiles once and runs with each id in place of the placeholder, other parameters kept', async () => {
    const [a, b] = [await createUser({ name: 'Anna' }), await createUser({ name: 'Bo' })]
    const nameOf = prepared((id) => db().selectFrom('users').select('name').where('id', '=', id).where('name', '!=', 'nobody'))
    expect((await nameOf(db(), a.id)).rows).toEqual([{ name: 'Anna' }])
    expect((await nameOf(db(), b.id)).rows).toEqual([{ name: 'Bo' }])
    expect((await nameOf(db(), 'no-such-user')).rows).toEqual([])
  })
})
