import type { ProviderId } from '~/auth/sso/config.server'
import type { Ctx } from '~/services/context.server'
import { linkOrSecondStep, type ProviderLink } from '~/services/accounts/provider-links.server'
import { findIdentity, type IdentityKey } from '~/services/accounts/user-identities.server'

/**
 * Single sign-on of people an organization's directory provisioned (docs/directory-sync.md "Signing in with single sign-on",
 * docs/directory-sync.md "Signing in"): a provider account that is not linked yet and whose email
 * the provider says is verified lands in the account the directory made for that address, instead
 * of a new sign-up that would then ask the person to prove an account they never had a password
 * for. The limits:
 *
 * - only the Google-type and Microsoft-type providers, whose accounts are an organization's
 *   mailboxes; never the e-ID, whose email is an attribute of the municipality's own directory
 *   beside a personal identity number, not the address the organization's directory vouches for;
 * - only `email_verified: true` from the provider (an unverified or missing claim never links);
 * - only an account with a verified email that an organization's directory has active now (a
 *   `directory_users` row with `active`); a deactivated or deleted person, or an account no
 *   directory provisioned, goes through /signup/confirm's proof (password or emailed link);
 * - the account's other links stand: one provider account per issuer (an account that already has
 *   another account of this issuer is not linked here), one user per provider account;
 * - the directory's word is the first proof only: an account with two-step verification on passes
 *   its second step before anything is linked (provider-links.server.ts), and the owner is told.
 */
export const PROVISIONED_LINK_PROVIDERS: readonly ProviderId[] = ['google', 'microsoft']

/**
 * Links the provider account to the provisioned account of its email (or, two-step on, answers the
 * second step's token that carries the link) and answers that user; null when the rule does not apply.
 */
export async function linkProvisionedAccount(
  ctx: Ctx,
  key: IdentityKey,
  emailVerified: boolean,
  then: Pick<ProviderLink, 'post' | 'tokens'>,
) {
  if (!PROVISIONED_LINK_PROVIDERS.includes(key.provider) || !emailVerified || !key.email) return null
  const user = await ctx.db
    .selectFrom('users')
    .selectAll('users')
    .where('users.email', '=', key.email.trim().toLowerCase())
    .where('users.email_verified_at', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('directory_users')
          .select('directory_users.id')
          .whereRef('directory_users.user_id', '=', 'users.id')
          .where('directory_users.active', '=', 1),
      ),
    )
    .executeTakeFirst()
  if (!user) return null
  if (await findIdentity(ctx, key.issuer, key.subject)) return null
  const sameIssuer = await ctx.db
    .selectFrom('user_identities')
    .select('id')
    .where('user_id', '=', user.id)
    .where('issuer', '=', key.issuer)
    .executeTakeFirst()
  if (sameIssuer) return null
  const { secondStep } = await linkOrSecondStep(ctx, user.id, { identity: key, ...then, mailboxProven: false })
  return { user, secondStep }
}
