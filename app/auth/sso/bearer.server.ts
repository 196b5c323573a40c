import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose'
import { ssoMethod, type SessionState } from '~/auth/session.server'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { providerByIssuer, type ProviderConfig } from './config.server'
import { verifyProviderJwt } from './jwks.server'
import { configurationOf } from './oidc.server'

/**
 * Bearer tokens on /api/ (spec section 7): the ID token for the Google-type provider and for
 * POST /api/v2/signin, the access token otherwise. Verified with jose against the provider's
 * JWKS (jwks.server.ts: one cache per issuer per process, refetched on an unknown `kid`):
 * signature, issuer, audience (this product's client id only), expiry with the provider's clock
 * tolerance.
 */
export interface VerifiedBearer {
  provider: ProviderConfig
  claims: JWTPayload & { iss: string; sub: string }
}

/** Verifies a Bearer token; `kind` forces the ID token (POST /api/v2/signin). Throws SSO_TOKEN_INVALID. */
export async function verifyBearer(token: string, kind?: 'id_token'): Promise<VerifiedBearer> {
  let issuer: string | undefined
  let typ: string | undefined
  try {
    issuer = decodeJwt(token).iss
    typ = decodeProtectedHeader(token).typ
  } catch {
    throw new DomainError('SSO_TOKEN_INVALID')
  }
  const provider = issuer ? providerByIssuer(issuer) : null
  if (!provider) throw new DomainError('SSO_TOKEN_INVALID')
  const expected = kind ?? provider.bearer
  try {
    const payload = await verifyProviderJwt(provider, (await configurationOf(provider)).serverMetadata().jwks_uri, token)
    // An access token (RFC 9068 `at+jwt`, or one with a scope) is not an ID token, and the reverse.
    const isAccessToken = typ?.toLowerCase() === 'at+jwt' || 'scope' in payload || 'scp' in payload
    if ((expected === 'id_token') === isAccessToken) throw new DomainError('SSO_TOKEN_INVALID')
    return { provider, claims: payload as VerifiedBearer['claims'] }
  } catch (error) {
    if (error instanceof DomainError && error.code !== 'SSO_PROVIDER_DOWN') throw new DomainError('SSO_TOKEN_INVALID')
    if (error instanceof DomainError) throw error
    throw new DomainError('SSO_TOKEN_INVALID')
  }
}

export const bearerOf = (authorization: string | null | undefined) => {
  const match = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/.exec(authorization?.trim() ?? '')
  return match ? match[1]! : null
}

/**
 * The session of an API request authenticated by a Bearer token: the user linked to the token's
 * (issuer, subject), or `expired` (answered 401 SESSION_NOT_FOUND) for a bad, expired or foreign
 * token or one linked to nobody.
 */
export async function bearerSession(db: DB, token: string): Promise<SessionState> {
  try {
    const { claims } = await verifyBearer(token)
    const row = await db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .select('user_identities.provider as identity_provider')
      .where('user_identities.issuer', '=', claims.iss)
      .where('user_identities.subject', '=', claims.sub)
      .executeTakeFirst()
    if (!row || !row.email_verified_at) return { status: 'expired' }
    const { identity_provider, ...user } = row
    return {
      status: 'active',
      user,
      idHash: '',
      expiresAt: new Date((claims.exp ?? 0) * 1000).toISOString(),
      method: ssoMethod(identity_provider),
      // A Bearer ID token is no fresh proof: security changes are made in a browser session (docs/auth.md).
      provedAt: null,
    }
  } catch (error) {
    if (error instanceof DomainError) return { status: 'expired' }
    throw error
  }
}
