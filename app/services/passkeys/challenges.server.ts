import type { DB } from '~/db/db.server'
import type { PasskeyChallengesTable } from '~/db/schema'
import { DomainError } from '~/errors'
import { addSeconds, hashSecret, newId, nowIso } from '~/utils/ids.server'

/** How long the browser has to answer a challenge (the ceremony's timeout is the same). */
export const CHALLENGE_TTL_SECONDS = 5 * 60

export type ChallengePurpose = PasskeyChallengesTable['purpose']

/** Keeps a challenge the server just gave the browser (its hash only), for one use within 5 minutes. */
export async function storeChallenge(db: DB, challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date) {
  await db
    .insertInto('passkey_challenges')
    .values({
      id: newId(),
      challenge_hash: hashSecret(challenge),
      purpose,
      user_id: userId,
      created_at: nowIso(now),
      expires_at: addSeconds(now, CHALLENGE_TTL_SECONDS).toISOString(),
      used_at: null,
    })
    .execute()
}

/**
 * Spends the challenge a browser's response signed (read from its clientDataJSON), once: of two
 * uses, only one wins (a conditional update). Unknown, of another purpose or user, used or expired:
 * PASSKEY_CHALLENGE_INVALID. The response itself is verified after this, against this challenge.
 */
export async function spendChallenge(db: DB, challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date) {
  const result = await db
    .updateTable('passkey_challenges')
    .set({ used_at: nowIso(now) })
    .where('challenge_hash', '=', hashSecret(challenge))
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('PASSKEY_CHALLENGE_INVALID')
}

/** The challenge a response's clientDataJSON (base64url) carries; a malformed one is PASSKEY_INVALID. */
export function challengeOf(clientDataJSON: unknown): string {
  try {
    if (typeof clientDataJSON !== 'string') throw new Error('not a string')
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    if (typeof parsed.challenge !== 'string' || !parsed.challenge) throw new Error('no challenge')
    return parsed.challenge
  } catch {
    throw new DomainError('PASSKEY_INVALID')
  }
}
