import { consumeToken, issueToken } from '~/auth/tokens.server'
import type { ProviderId } from '~/auth/sso/config.server'
import { seal, unseal } from '~/auth/sso/crypto.server'
import type { ProviderTokens } from '~/auth/sso/oidc.server'
import { DomainError } from '~/errors'
import { sendMail } from '~/mail/mailer.server'
import { ssoLinkEmail } from '~/mail/templates.server'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { waysIn } from './ways-in.server'
import { requireRecentProof } from './recent-proof.server'
import { sendSecurityNotice } from './security-notices.server'

/**
 * Provider accounts linked to users (docs/sso.md): keyed by (issuer, subject), never by email
 * alone. A user has at most one account per issuer. Nothing else from the provider is kept.
 */
export interface IdentityKey {
  provider: ProviderId
  issuer: string
  subject: string
  /** The email the provider gave, shown to the user in their preferences. */
  email: string | null
}

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  seiLinkopingKommun: 'Linköpings kommun e-legitimation',
}

export const findIdentity = (ctx: Ctx, issuer: string, subject: string) =>
  ctx.db.selectFrom('user_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst()

/** The user a provider account is linked to (and marks the link used), or null. */
export async function userOfIdentity(ctx: Ctx, issuer: string, subject: string) {
  const identity = await findIdentity(ctx, issuer, subject)
  if (!identity) return null
  await ctx.db
    .updateTable('user_identities')
    .set({ last_used_at: nowIso(ctx.now) })
    .where('id', '=', identity.id)
    .execute()
  return ctx.db.selectFrom('users').selectAll().where('id', '=', identity.user_id).executeTakeFirstOrThrow()
}

/**
 * Refuses a link that cannot be made: the provider account belongs to someone else
 * (SSO_IDENTITY_TAKEN) or the user already has another account of that issuer
 * (SSO_ALREADY_LINKED). Answers the link's id when it exists already for this user.
 */
export async function assertLinkable(ctx: Ctx, userId: string, key: IdentityKey): Promise<string | null> {
  const existing = await findIdentity(ctx, key.issuer, key.subject)
  if (existing) {
    if (existing.user_id === userId) return existing.id
    throw new DomainError('SSO_IDENTITY_TAKEN')
  }
  const sameIssuer = await ctx.db
    .selectFrom('user_identities')
    .select('id')
    .where('user_id', '=', userId)
    .where('issuer', '=', key.issuer)
    .executeTakeFirst()
  if (sameIssuer) throw new DomainError('SSO_ALREADY_LINKED')
  return null
}

/**
 * Links a provider account to a user, as assertLinkable allows. Only for an account made with it
 * (createSsoUser) or once its owner passed every step: an existing account is linked through
 * provider-links.server.ts, which asks for the second step and tells the owner.
 */
export async function linkIdentity(ctx: Ctx, userId: string, key: IdentityKey) {
  const existing = await assertLinkable(ctx, userId, key)
  if (existing) return existing
  const id = newId()
  const inserted = await ctx.db
    .insertInto('user_identities')
    .values({
      id,
      user_id: userId,
      provider: key.provider,
      issuer: key.issuer,
      subject: key.subject,
      email: key.email,
      created_at: nowIso(ctx.now),
      last_used_at: nowIso(ctx.now),
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) throw new DomainError('SSO_IDENTITY_TAKEN')
  return id
}

export interface NewSsoUser {
  name: string
  email: string
  /** True when the provider verified the email; else the user proves it by an emailed link. */
  emailVerified: boolean
  locale: string
  timezone: string
}

/**
 * Creates the account of a new SSO user with its provider account linked, in one transaction. An
 * address that already has an account is refused (EMAIL_TAKEN): that account is linked only once
 * its owner proves it (password or emailed link). Without a verified email the account waits
 * for the link (VERIFICATION_REQUIRED is then the sign-in's answer).
 */
export async function createSsoUser(ctx: Ctx, key: IdentityKey, input: NewSsoUser) {
  const email = input.email.trim().toLowerCase()
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx }
    const user = {
      id: newId(),
      name: input.name.trim(),
      email,
      password_hash: null,
      email_verified_at: input.emailVerified ? nowIso(ctx.now) : null,
      locale: input.locale,
      timezone: input.timezone,
      created_at: nowIso(ctx.now),
    }
    const inserted = await trx
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) throw new DomainError('EMAIL_TAKEN')
    await linkIdentity(tx, user.id, { ...key, email })
    return trx.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
  })
}

/**
 * Emails a link that proves the address: for an existing account it links the provider account
 * once opened; for a new SSO account it verifies the address. The token carries the identity and
 * the provider's tokens of that round trip, encrypted as in sso_sessions, so the session the link
 * starts has them (renewal, revocation and end-session at sign-out).
 */
export async function sendSsoLink(
  ctx: Ctx,
  user: { id: string; email: string; name: string; locale: string },
  key: IdentityKey,
  post: object,
  tokens: ProviderTokens | null,
) {
  const token = await issueToken(ctx.db, user.id, 'sso-link', { identity: key, post, tokens: await sealForLater(tokens) }, ctx.now)
  await sendMail(ctx.db, ssoLinkEmail(user, token, PROVIDER_LABELS[key.provider]))
}

const SEALED_LINK_TOKENS = 'sso-link-tokens'

/**
 * The provider's tokens of a round trip, sealed to wait (in an emailed link's token, or a second
 * step's) for the session they belong to: only the refresh token. Not the ID token: the e-ID's
 * carries the personal identity number, which is kept nowhere but a session's own row
 * (docs/sso.md, Privacy); the session gets a new one at its first renewal.
 */
export const sealForLater = async (tokens: ProviderTokens | null) =>
  tokens?.refreshToken ? seal({ ...tokens, idToken: '', accessToken: '' }, SEALED_LINK_TOKENS) : null
export const unsealLater = (sealed: string | null | undefined) => unseal<ProviderTokens>(sealed, SEALED_LINK_TOKENS)

/**
 * Spends an emailed link: answers the account, the provider account it proves and the provider's
 * tokens of the round trip that sent it (null for a link sent before they were kept). Links
 * nothing: provider-links.server.ts does, after the second step where the account has one.
 */
export async function consumeSsoLink(ctx: Ctx, token: string) {
  const used = await consumeToken(ctx.db, token, 'sso-link', ctx.now)
  const data = used.data as { identity: IdentityKey; post: { redirectTo: string; invitation: string }; tokens?: string | null }
  // The used link keeps no provider token (the row lives on until its expiry, housekeeping.server.ts).
  if (data.tokens)
    await ctx.db
      .updateTable('tokens')
      .set({ data: JSON.stringify({ ...data, tokens: null }) })
      .where('id', '=', used.id)
      .execute()
  return { userId: used.user_id, identity: data.identity, post: data.post, tokens: await unsealLater(data.tokens) }
}

/** The acting user's linked provider accounts, for their account preferences. */
export async function listIdentities(ctx: Ctx) {
  const actor = actorOf(ctx)
  const rows = await ctx.db
    .selectFrom('user_identities')
    .select(['id', 'provider', 'email', 'created_at', 'last_used_at'])
    .where('user_id', '=', actor.id)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({
    _id: r.id,
    provider: r.provider as ProviderId,
    email: r.email,
    created: r.created_at,
    lastUsed: r.last_used_at,
  }))
}

/**
 * Unlinks one of the actor's provider accounts; another user's is not found. The last way in
 * (no password, no other provider account and no passkey: ways-in.server.ts) cannot be unlinked.
 * It needs a recent proof (REAUTH_REQUIRED, recent-proof.server.ts), and the owner is told by email.
 */
export async function unlinkIdentity(ctx: Ctx, identityId: string) {
  const actor = actorOf(ctx)
  await requireRecentProof(ctx)
  const provider = await ctx.db.transaction().execute(async (trx) => {
    const mine = await trx.selectFrom('user_identities').select(['id', 'provider']).where('user_id', '=', actor.id).execute()
    const identity = mine.find((i) => i.id === identityId)
    if (!identity) throw new DomainError('NOT_FOUND')
    if ((await waysIn(trx, actor.id)) <= 1) throw new DomainError('SSO_LAST_WAY_IN')
    await trx.deleteFrom('user_identities').where('id', '=', identityId).where('user_id', '=', actor.id).execute()
    return identity.provider as ProviderId
  })
  await sendSecurityNotice(ctx, actor.id, 'provider-unlinked', { what: PROVIDER_LABELS[provider] ?? provider })
}
