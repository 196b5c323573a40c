import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from './db.server'

describe('database', () => {
  it('lower() folds Swedish capitals on both dialects', async () => {
    const { rows } = await sql<{ v: string }>`select lower(${'ÅSA ÖBERG Ärlig'}) as v`.execute(db())
    expect(rows[0].v).toBe('åsa öberg ärlig')
  })
})
