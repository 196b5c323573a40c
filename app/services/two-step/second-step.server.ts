import {
  SIGNIN_PER_ACCOUNT,
  SIGNIN_PER_ACCOUNT_CLIENT,
  SIGNIN_PER_CLIENT,
  clearFailures,
  latestBlock,
  refundAttempt,
  takeAttempts,
  type Attempt,
} from '~/auth/rate-limit.server'
import { safeRedirect } from '~/auth/schemas'
import { checkToken, consumeToken, issueToken } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { isTwoStepEnabled, spendSecondFactor } from './totp.server'

/**
 * The second step of a password sign-in for an account with two-step verification on. The
 * password step leaves only a single-use token (the tokens table, purpose "second-factor", 5
 * minutes, its hash stored), never a session; the second step spends it with a code of the app
 * or a recovery code. Attempts are counted before the code is checked, as for the password: per
 * (account, client), per account and per client, with the sign-in's policies.
 */
export const secondStepKeys = (userId: string, client: string) => ({
  accountClient: `two-step:account-client:${userId}:${encodeURIComponent(client)}`,
  account: `two-step:account:${userId}`,
  client: `two-step:client:${client}`,
})

/**
 * The one decision of every way into an account (docs/security.md "Paths into an account"): after
 * the first proof (a right password, an emailed link, a directory's word), the token of the
 * second step, or null when the account has no second step. `link` is a provider account to link
 * once the second step is passed (sealed by provider-links.server.ts; nothing is linked before).
 */
export async function secondStepFor(
  ctx: Ctx,
  userId: string,
  redirectTo?: string | null,
  then: { link?: string } = {},
): Promise<string | null> {
  if (!(await isTwoStepEnabled(ctx.db, userId))) return null
  return issueToken(ctx.db, userId, 'second-factor', { redirectTo: safeRedirect(redirectTo), ...then }, ctx.now)
}

/** Whether a second-step token is still usable (the page's loader); TOKEN_* otherwise. */
export const checkSecondStep = (ctx: Ctx, token: string) => checkToken(ctx.db, token, 'second-factor', ctx.now)

/**
 * Spends a code (or a recovery code) for the token; answers the user to start a session for,
 * where to go, and the sealed provider link the token carries (null for a password sign-in). A
 * wrong code is CODE_INVALID (TOO_MANY_ATTEMPTS once blocked); the token stays usable until it
 * expires, so a mistyped code can be typed again.
 */
export async function completeSecondStep(ctx: Ctx, token: string, code: string) {
  const pending = await checkSecondStep(ctx, token)
  const keys = secondStepKeys(pending.user_id, ctx.client)
  const attempts = await takeAttempts(
    ctx.db,
    [
      { key: keys.accountClient, policy: SIGNIN_PER_ACCOUNT_CLIENT },
      { key: keys.account, policy: SIGNIN_PER_ACCOUNT },
      { key: keys.client, policy: SIGNIN_PER_CLIENT },
    ],
    ctx.now,
  )
  const [accountClient, account, client] = attempts as [Attempt, Attempt, Attempt]
  if (!(await spendSecondFactor(ctx.db, pending.user_id, code, ctx.now))) {
    const blocked = latestBlock(attempts)
    if (blocked) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: blocked })
    throw new DomainError('CODE_INVALID')
  }
  await clearFailures(ctx.db, accountClient.key)
  await clearFailures(ctx.db, account.key)
  await refundAttempt(ctx.db, client)
  await consumeToken(ctx.db, token, 'second-factor', ctx.now)
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', pending.user_id).executeTakeFirst()
  if (!user) throw new DomainError('TOKEN_INVALID')
  return {
    user,
    redirectTo: typeof pending.data?.redirectTo === 'string' ? pending.data.redirectTo : '/',
    link: typeof pending.data?.link === 'string' ? pending.data.link : null,
  }
}
