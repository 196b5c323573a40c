import { randomInt } from 'node:crypto'
import type { DB } from '~/db/db.server'
import { addSeconds, nowIso } from '~/utils/ids.server'
import { providerConfig, type ProviderConfig, type ProviderId } from './config.server'
import { seal, unseal } from './crypto.server'
import { endSessionUrl, refreshTokens, revokeRefreshToken, type ProviderTokens } from './oidc.server'

/**
 * The provider tokens of an SSO session, kept on the server only and encrypted (JWE, key derived
 * from SESSION_SECRET): the refresh token renews them and is revoked at sign-out; the ID token is
 * the end-session hint. The row goes with the session (foreign key, cascade).
 */

/** Renewal happens a random 10 to 109 s before expiry (spec section 9), so sessions do not renew in step. */
export const renewLeadSeconds = () => randomInt(10, 110)

function times(tokens: ProviderTokens, now: Date) {
  if (!tokens.expiresIn) return { expires_at: null, renew_at: null }
  const expires = addSeconds(now, tokens.expiresIn)
  return { expires_at: expires.toISOString(), renew_at: addSeconds(expires, -Math.min(renewLeadSeconds(), tokens.expiresIn)).toISOString() }
}

export async function saveSsoSession(db: DB, sessionIdHash: string, provider: ProviderId, tokens: ProviderTokens, now = new Date()) {
  await db
    .insertInto('sso_sessions')
    .values({
      session_id_hash: sessionIdHash,
      provider,
      refresh_token: tokens.refreshToken ? await seal(tokens.refreshToken, 'refresh-token') : null,
      id_token: await seal(tokens.idToken, 'id-token'),
      ...times(tokens, now),
      created_at: nowIso(now),
    })
    .execute()
}

/** Renews the session's provider tokens when they are due; false when the provider refuses (revoked). */
export async function renewIfDue(db: DB, sessionIdHash: string, now = new Date()) {
  const row = await db
    .selectFrom('sso_sessions')
    .selectAll()
    .where('session_id_hash', '=', sessionIdHash)
    .where('renew_at', '<=', nowIso(now))
    .executeTakeFirst()
  const provider = row && providerConfig(row.provider)
  const refreshToken = row && (await unseal<string>(row.refresh_token, 'refresh-token'))
  if (!row || !provider || !refreshToken) return true
  // Claimed first, so two processes (or tabs) never spend the same refresh token twice.
  const claimed = await db
    .updateTable('sso_sessions')
    .set({ renew_at: null })
    .where('session_id_hash', '=', sessionIdHash)
    .where('renew_at', '=', row.renew_at)
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return true
  try {
    const tokens = await refreshTokens(provider, refreshToken)
    await db
      .updateTable('sso_sessions')
      .set({
        refresh_token: tokens.refreshToken ? await seal(tokens.refreshToken, 'refresh-token') : row.refresh_token,
        id_token: tokens.idToken ? await seal(tokens.idToken, 'id-token') : row.id_token,
        ...times(tokens, now),
      })
      .where('session_id_hash', '=', sessionIdHash)
      .execute()
    return true
  } catch {
    return false
  }
}

/**
 * Ends the provider side of a session (spec section 4): revokes the refresh token where the
 * provider has a revocation endpoint and is not excluded (the Google-type, see config.server.ts),
 * then answers the provider's end-session URL, or null for a local log-off.
 */
export async function endSsoSession(db: DB, sessionIdHash: string, postLogoutRedirectUri: string) {
  const row = await db.selectFrom('sso_sessions').selectAll().where('session_id_hash', '=', sessionIdHash).executeTakeFirst()
  if (!row) return { provider: null, endSessionUrl: null, revoked: false }
  await db.deleteFrom('sso_sessions').where('session_id_hash', '=', sessionIdHash).execute()
  const provider = providerConfig(row.provider)
  if (!provider) return { provider: null, endSessionUrl: null, revoked: false }
  // The session ends here whatever the provider says.
  const revoked = await revokeQuietly(provider, await unseal<string>(row.refresh_token, 'refresh-token'))
  let url: URL | null = null
  try {
    url = await endSessionUrl(provider, await unseal<string>(row.id_token, 'id-token'), postLogoutRedirectUri)
  } catch {
    url = null
  }
  return { provider: provider.id, endSessionUrl: url?.href ?? null, revoked }
}

/**
 * Revokes the refresh token of a round trip whose sign-up ends without a session (the user
 * cancels at /signup/confirm), where the provider has a revocation endpoint and is not excluded.
 * Never fails: the token then expires on its own at the provider.
 */
export async function revokeUnusedTokens(providerId: ProviderId, tokens: ProviderTokens | null) {
  const provider = providerConfig(providerId)
  return provider ? revokeQuietly(provider, tokens?.refreshToken ?? null) : false
}

/** Revokes where the provider allows it (not the Google-type); a failure leaves the token to expire. */
async function revokeQuietly(provider: ProviderConfig, refreshToken: string | null) {
  if (!refreshToken || !provider.revokeOnSignOut) return false
  try {
    return await revokeRefreshToken(provider, refreshToken)
  } catch (error) {
    console.warn('Refresh token revocation failed', provider.id, (error as Error).message)
    return false
  }
}
