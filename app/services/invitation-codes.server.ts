import { createHmac, randomInt } from 'node:crypto'
import { env } from '~/env.server'
import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, isWellFormedCode, normalizeCode } from '~/utils/invitation-code'

export { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, isWellFormedCode, normalizeCode }

/**
 * A new invitation code: 6 characters drawn uniformly (crypto-random, no modulo bias) from the
 * 28-character alphabet, about 4.8 * 10^8 codes. Redemption is rate limited, which is what makes
 * that enough.
 */
export function generateCode() {
  let code = ''
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)]
  return code
}

/**
 * What is stored instead of the code: HMAC-SHA256 keyed with SESSION_SECRET of the normalized
 * code. The key matters: without it the small code space could be hashed exhaustively from a
 * leaked table.
 */
export function hashCode(code: string) {
  return createHmac('sha256', env().SESSION_SECRET).update(`invitation-code:${normalizeCode(code)}`).digest('hex')
}
