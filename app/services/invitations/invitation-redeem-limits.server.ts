import {
  INVITATION_CODE_ALL,
  INVITATION_CODE_PER_CLIENT,
  INVITATION_CODE_PER_ORGANIZATION,
  INVITATION_CODE_PER_USER,
  refundAttempt,
  spendsBudget,
  takeAttempts,
} from '~/auth/rate-limit.server'
import { DomainError, type ErrorCode } from '~/errors'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'

/**
 * The failures that are guesses: the code matched nothing the user may use. The "already" answers
 * mean the code was good (a second click, a code used twice) and are given back like successes.
 */
const FAILED_GUESSES = new Set<ErrorCode>(['INVITATION_NOT_FOUND', 'WRONG_EMAIL', 'INVITATION_DECLINED', 'USED'])

/**
 * Counts the attempt for the user and the client before the code is looked up (so parallel
 * guesses cannot outrun the limit), and gives it back unless it was a failed guess: only failures
 * count, never redemptions. A failed guess is also counted, watched only, for the organizations
 * of its context and for the whole code space (watchFailedGuess).
 */
export async function underRedeemLimits<T>(ctx: Ctx, work: (codeHashes: string[]) => Promise<T>, codeHashes: string[] | null): Promise<T> {
  const actor = actorOf(ctx)
  const attempts = await takeAttempts(
    ctx.db,
    [
      { key: `invitation-code:user:${actor.id}`, policy: INVITATION_CODE_PER_USER },
      { key: `invitation-code:client:${ctx.client}`, policy: INVITATION_CODE_PER_CLIENT },
    ],
    ctx.now,
  )
  try {
    if (codeHashes === null) throw new DomainError('INVITATION_NOT_FOUND')
    const result = await work(codeHashes)
    for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
    return result
  } catch (error) {
    if (error instanceof DomainError && FAILED_GUESSES.has(error.code)) await watchFailedGuess(ctx, codeHashes)
    else for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
    throw error
  }
}

/**
 * A failed guess names no code, so no single code can be locked after so many guesses at it.
 * What can be known is the organization of the guess's context: the one whose invitation the code
 * matched but could not be used (another address's, used, expired, revoked), and those the
 * redeemer belongs to (an insider after group-creator rights). Each such organization, and the
 * code space as a whole, has a budget of failures an hour; spending it logs a warning. It refuses
 * nobody (see INVITATION_CODE_PER_ORGANIZATION).
 */
async function watchFailedGuess(ctx: Ctx, codeHashes: string[] | null) {
  const actor = actorOf(ctx)
  const [matched, memberships] = await Promise.all([
    codeHashes === null
      ? undefined
      : ctx.db.selectFrom('invitations').select('organization_id').where('code_hash', 'in', codeHashes).executeTakeFirst(),
    ctx.db.selectFrom('organization_members').select('organization_id').where('user_id', '=', actor.id).execute(),
  ])
  const organizations = new Set([...(matched ? [matched.organization_id] : []), ...memberships.map((m) => m.organization_id)])
  for (const organizationId of organizations) {
    if (await spendsBudget(ctx.db, `invitation-code:organization:${organizationId}`, INVITATION_CODE_PER_ORGANIZATION, ctx.now)) {
      console.warn(
        `[rate-limit] invitation codes: ${INVITATION_CODE_PER_ORGANIZATION.freeFailures + 1} failed redemptions within an hour in the context of organization ${organizationId} (the latest by user ${actor.id} from ${ctx.client})`,
      )
    }
  }
  if (await spendsBudget(ctx.db, 'invitation-code:all', INVITATION_CODE_ALL, ctx.now)) {
    console.warn(
      `[rate-limit] invitation codes: ${INVITATION_CODE_ALL.freeFailures + 1} failed redemptions within an hour in all (the latest by user ${actor.id} from ${ctx.client})`,
    )
  }
}
