import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { createUser } from '../../../tests/support/factories'
import { isRecoveryCode, normalizeCode } from './codes'
import { hasLegacyRecoveryCodes, newRecoveryCodes, recoveryCodeHash, redeemRecoveryCode } from './recovery-codes.server'

const NOW = new Date('2026-11-28T10:00:00Z')
const ALPHABET_SIZE = 31

describe('recovery codes (ASVS 6.5.2)', () => {
  it('have at least 112 bits each, from the 31-letter alphabet, and are stored only as a per-user keyed hash', async () => {
    const user = await createUser()
    const codes = await newRecoveryCodes(db(), user.id, NOW)
    expect(codes).toHaveLength(10)
    for (const code of codes) {
      const bare = normalizeCode(code)
      expect(bare).toMatch(/^[a-hjkmnp-z2-9]+$/)
      expect(bare.length * Math.log2(ALPHABET_SIZE)).toBeGreaterThanOrEqual(112)
      expect(isRecoveryCode(code)).toBe(true)
    }
    const stored = await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^h2:[0-9a-f]{64}$/)
      for (const code of codes) expect(code_hash).not.toContain(normalizeCode(code))
    }
    // Not the unsalted SHA-256 of before, and another user's hash of the same code differs.
    const bare = normalizeCode(codes[0]!)
    expect(stored.map((r) => r.code_hash)).not.toContain(createHash('sha256').update(bare).digest('hex'))
    expect(recoveryCodeHash('someone-else', bare)).not.toBe(recoveryCodeHash(user.id, bare))
    expect(await hasLegacyRecoveryCodes(db(), user.id)).toBe(false)
  })

  it('a code works only for its own user, once', async () => {
    const user = await createUser()
    const other = await createUser()
    const [code] = await newRecoveryCodes(db(), user.id, NOW)
    await newRecoveryCodes(db(), other.id, NOW)
    expect(await redeemRecoveryCode(db(), other.id, code!, NOW)).toBe(false)
    expect(await redeemRecoveryCode(db(), user.id, code!, NOW)).toBe(true)
    expect(await redeemRecoveryCode(db(), user.id, code!, NOW)).toBe(false)
  })

  it('an old 10-character code (unsalted SHA-256) keeps working until used or replaced; its owner is asked to replace it', async () => {
    const user = await createUser()
    const legacy = 'k7q2m-x9p4d'
    await db()
      .insertInto('recovery_codes')
      .values({
        id: `legacy-${user.id}`,
        user_id: user.id,
        code_hash: createHash('sha256').update('k7q2mx9p4d').digest('hex'),
        created_at: NOW.toISOString(),
        used_at: null,
      })
      .execute()
    expect(isRecoveryCode(legacy)).toBe(true)
    expect(await hasLegacyRecoveryCodes(db(), user.id)).toBe(true)
    expect(await redeemRecoveryCode(db(), user.id, 'K7Q2MX9P4D', NOW)).toBe(true)
    expect(await redeemRecoveryCode(db(), user.id, legacy, NOW)).toBe(false)
    expect(await hasLegacyRecoveryCodes(db(), user.id)).toBe(false)
    // New codes replace whatever was left.
    await db().updateTable('recovery_codes').set({ used_at: null }).where('user_id', '=', user.id).execute()
    await newRecoveryCodes(db(), user.id, NOW)
    expect(await hasLegacyRecoveryCodes(db(), user.id)).toBe(false)
    expect(await redeemRecoveryCode(db(), user.id, legacy, NOW)).toBe(false)
  })
})
