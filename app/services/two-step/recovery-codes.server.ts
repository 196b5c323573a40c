import { randomInt } from 'node:crypto'
import type { DB } from '~/db/db.server'
import { hashSecret, newId, nowIso } from '~/utils/ids.server'
import { normalizeCode } from './codes'

/**
 * Recovery codes: ten per user, 10 characters of a 32-letter alphabet (50 bits) each, shown once
 * as "abcde-fghij" and stored as SHA-256 hashes. A code is used once (a conditional update).
 */
export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789' // no 0/o, 1/l/i

function newRecoveryCode() {
  let code = ''
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
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
        code_hash: hashSecret(normalizeCode(code)),
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
    .where('code_hash', '=', hashSecret(normalizeCode(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}
