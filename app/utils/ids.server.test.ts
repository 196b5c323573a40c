import { describe, expect, it } from 'vitest'
import { newBatchIds, newId } from './ids.server'

describe('newBatchIds', () => {
  it('gives distinct ids of the shape of newId, adjacent within a batch', () => {
    const ids = newBatchIds(100)
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/)
    expect(ids[0]).toHaveLength(newId().length)
    expect([...ids].sort()).toEqual(ids)
    expect(newBatchIds(3)[0]!.slice(0, 16)).not.toBe(ids[0]!.slice(0, 16))
  })
})
