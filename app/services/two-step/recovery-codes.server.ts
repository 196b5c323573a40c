import { createHmac, randomInt } from 'node:crypto'
import type { DB } from '~/db/db.server'
import { hashSecret, newId, nowIso } from '~/utils/ids.server'
import { LEGACY_RECOVERY_CODE_LENGTH, normalizeCode, RECOVERY_CODE_LENGTH } from './codes'

/**
 * Recovery codes: ten per user, 24 characters of a 31-letter alphabet (118.9 bits) each, shown
 * once as "abcdef-ghjkmn-pqrstu-vwxyz2". A code is used once (a conditional update).
 *
 * Stored as HMAC-SHA256 keyed by the user's id, prefixed `h2:` (ASVS 6.5.2: a lookup secret of
 * at least 112 bits may be stored with an approved fast hash; the per-user key makes every
 * user's hashes different, so no table of hashes serves two accounts). Codes made before this
 * (10 characters, about 49.5 bits, unsalted SHA-256 without a prefix) are still taken until they
 * are used, replaced or two-step is turned off; the security page asks their owner to replace
 * them (`hasLegacyRecoveryCodes`).
 */
export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789' // no 0/o, 1/l/i
const HASH_PREFIX = 'h2:'

function newRecoveryCode() {
  let code = ''
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code.match(/.{6}/g)!.join('-')
}

/** The stored form of a user's code (normalized first); a legacy 10-character code keeps its old hash. */
export function recoveryCodeHash(userId: string, code: string) {
  const normalized = normalizeCode(code)
  if (normalized.length === LEGACY_RECOVERY_CODE_LENGTH) return hashSecret(normalized)
  return HASH_PREFIX + createHmac('sha256', `recovery-code:${userId}`).update(normalized).digest('hex')
}

/** Replaces the user's codes with ten new ones; answers them (the only time they are readable). */
export async function newRecoveryCodes(db: DB, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: recoveryCodeHash(userId, code),
        created_at: nowIso(now),
        used_at: null,
      })),
    )
    .execute()
  return codes
}

/** Uses an unused code of the user; false if it is unknown or used already. */
export async function redeemRecoveryCode(db: DB, userId: string, code: string, now: Date) {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}

/** Whether the user still has unused codes of the old, short kind (the security page asks to replace them). */
export async function hasLegacyRecoveryCodes(db: DB, userId: string) {
  const row = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('code_hash', 'not like', `${HASH_PREFIX}%`)
    .executeTakeFirst()
  return !!row
}
