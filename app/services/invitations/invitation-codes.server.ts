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

const hmac = (secret: string, code: string) =>
  createHmac('sha256', secret)
    .update(`invitation-code:${normalizeCode(code)}`)
    .digest('hex')

/**
 * What is stored instead of the code: HMAC-SHA256 of the normalized code keyed with the first
 * SESSION_SECRET. The key matters: without it the small code space could be hashed exhaustively
 * from a leaked table.
 */
export function hashCode(code: string) {
  return hmac(env().SESSION_SECRETS[0], code)
}

/**
 * Every hash the code may be stored under: one per secret of SESSION_SECRET, the signing one
 * first, so a code issued before a rotation still redeems while the old secret is listed.
 */
export function codeHashes(code: string) {
  return env().SESSION_SECRETS.map((secret) => hmac(secret, code))
}
