import type { PostSso } from '~/auth/sso/cookies.server'
import { destinationAfterSso } from '~/auth/sso/complete.server'
import { seal, unseal } from '~/auth/sso/crypto.server'
import type { ProviderTokens } from '~/auth/sso/oidc.server'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { secondStepFor } from '../two-step/second-step.server'
import { sendSecurityNotice } from './security-notices.server'
import {
  assertLinkable,
  consumeSsoLink,
  findIdentity,
  linkIdentity,
  PROVIDER_LABELS,
  sealForLater,
  unsealLater,
  type IdentityKey,
} from './user-identities.server'

/**
 * Linking a provider account to an account that exists already (docs/security.md "Paths into an
 * account"). Its owner first proves the account (its password, its mailbox, or the organization's
 * directory vouching for the provider's verified email); then, as for a password sign-in, the
 * account's second step (secondStepFor: the one decision) when it has one. Until that is passed
 * nothing is linked and no session starts: the second step's token carries the link, sealed.
 * Every new link is told to the owner by email (`provider-linked`).
 */
export interface ProviderLink {
  identity: IdentityKey
  /** Where the sign-in goes afterwards (redirectTo, invitation). */
  post: PostSso
  /** The provider's tokens of the round trip, for the session (null: none kept, as the API's Bearer sign-in). */
  tokens: ProviderTokens | null
  /** The owner proved the mailbox (the emailed link): the address counts as verified once linked. */
  mailboxProven: boolean
}

export type LinkOutcome = { secondStep: string } | { secondStep: null }

/**
 * After the first proof: links now (no second step) or answers the second step's token that
 * carries the link. A link that cannot be made (SSO_IDENTITY_TAKEN, SSO_ALREADY_LINKED) is refused
 * before any second step is asked.
 */
export async function linkOrSecondStep(ctx: Ctx, userId: string, link: ProviderLink): Promise<LinkOutcome> {
  await assertLinkable(ctx, userId, link.identity)
  const secondStep = await secondStepFor(ctx, userId, destinationAfterSso(link.post), { link: await sealLink(link) })
  if (secondStep) return { secondStep }
  await linkProven(ctx, userId, link)
  return { secondStep: null }
}

/** Spends an emailed link (the mailbox is the first proof), then as linkOrSecondStep. */
export async function redeemSsoLink(ctx: Ctx, token: string) {
  const { userId, identity, post, tokens } = await consumeSsoLink(ctx, token)
  const link: ProviderLink = { identity, post, tokens, mailboxProven: true }
  const outcome = await linkOrSecondStep(ctx, userId, link)
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  return { ...outcome, user, link }
}

/** After the second step: makes the link its token carried (null when it carried none: a password sign-in). */
export async function linkAfterSecondStep(ctx: Ctx, userId: string, sealed: string | null): Promise<ProviderLink | null> {
  const link = await openLink(sealed)
  if (!link) return null
  await linkProven(ctx, userId, link)
  return link
}

/**
 * Links a provider account to a user who has passed every step (or is signed in: linking from the
 * security preferences). A new link is told to the owner; the emailed link verifies the address.
 */
export async function linkProven(ctx: Ctx, userId: string, link: Pick<ProviderLink, 'identity' | 'mailboxProven'>) {
  const before = await findIdentity(ctx, link.identity.issuer, link.identity.subject)
  await linkIdentity(ctx, userId, link.identity)
  if (link.mailboxProven)
    await ctx.db
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(nowIso(ctx.now))) }))
      .where('id', '=', userId)
      .execute()
  if (!before) await sendSecurityNotice(ctx, userId, 'provider-linked', { what: PROVIDER_LABELS[link.identity.provider] })
}

const SEALED_LINK = 'second-step-link'

async function sealLink(link: ProviderLink) {
  return seal({ ...link, tokens: await sealForLater(link.tokens) }, SEALED_LINK)
}

async function openLink(sealed: string | null): Promise<ProviderLink | null> {
  const opened = await unseal<Omit<ProviderLink, 'tokens'> & { tokens: string | null }>(sealed, SEALED_LINK)
  return opened ? { ...opened, tokens: await unsealLater(opened.tokens) } : null
}

/** The provider a second step's token will link an account of (its name, for the page), or null. */
export async function providerOfLink(sealed: unknown): Promise<string | null> {
  const link = typeof sealed === 'string' ? await unseal<Pick<ProviderLink, 'identity'>>(sealed, SEALED_LINK) : null
  return link ? PROVIDER_LABELS[link.identity.provider] : null
}
