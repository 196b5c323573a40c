import * as client from 'openid-client'
import { DomainError } from '~/errors'
import { ssoConfig, type ProviderConfig } from './config.server'
import { verifyProviderJwt } from './jwks.server'

/**
 * The OpenID Connect work, done by openid-client (discovery, PKCE, state, nonce, the ID token's
 * issuer, audience, nonce and times) and jose (the ID token's signature against the provider's
 * JWKS, jwks.server.ts, which openid-client skips for tokens from the token endpoint): no JWT or
 * OIDC code of our own. A provider that does not answer in SSO_TIMEOUT_SECONDS, or answers 5xx,
 * is down.
 */

/** Loopback issuers (the local providers of the tests and the demo) may speak plain http. */
const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)

const configurations = new Map<string, Promise<client.Configuration>>()

/** The provider's discovered configuration, once per process (a failed discovery is retried). */
export function configurationOf(provider: ProviderConfig): Promise<client.Configuration> {
  const key = `${provider.issuer} ${provider.clientId}`
  let found = configurations.get(key)
  if (!found) {
    const timeout = ssoConfig().timeoutSeconds
    found = client
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: provider.clientSecret, [client.clockTolerance]: provider.clockTolerance },
        client.ClientSecretBasic(provider.clientSecret),
        { timeout, execute: isLoopback(provider.issuer) ? [client.allowInsecureRequests] : [] },
      )
      .then((config) => {
        config.timeout = timeout
        return config
      })
    found.catch(() => configurations.delete(key))
    configurations.set(key, found)
  }
  return found.catch((error) => {
    throw failure(error)
  })
}

export const forgetConfigurations = () => configurations.clear()

export interface FlowChecks {
  state: string
  nonce: string
  verifier: string
}

/** The URL that sends the browser to the provider, and the checks its answer must pass. */
export async function authorizationUrl(provider: ProviderConfig, redirectUri: string, extra: Record<string, string> = {}) {
  const config = await configurationOf(provider)
  const checks: FlowChecks = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() }
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scope,
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
    ...provider.authorizationParams,
    ...extra,
  })
  return { url, checks }
}

/**
 * Every ID token from the token endpoint (sign-in and renewal) is checked against the provider's
 * published keys; openid-client has checked its claims (issuer, audience, nonce, times) already.
 */
async function verifyIdTokenSignature(provider: ProviderConfig, config: client.Configuration, idToken: string) {
  await verifyProviderJwt(provider, config.serverMetadata().jwks_uri, idToken, [])
}

export interface ProviderTokens {
  idToken: string
  accessToken: string
  refreshToken: string | null
  expiresIn: number | null
}

/** Exchanges the code of the callback URL, checking state, PKCE, nonce and the ID token. */
export async function exchangeCode(provider: ProviderConfig, callbackUrl: URL, checks: FlowChecks, redirectUri: string) {
  const config = await configurationOf(provider)
  try {
    const url = new URL(callbackUrl)
    // The provider redirected to the public redirect URI; openid-client compares against it.
    const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}${url.search}`), {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    if (!claims || !tokens.id_token) throw new DomainError('SSO_TOKEN_INVALID')
    await verifyIdTokenSignature(provider, config, tokens.id_token)
    const result: ProviderTokens = {
      idToken: tokens.id_token,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresIn: tokens.expiresIn() ?? null,
    }
    return { claims, tokens: result }
  } catch (error) {
    throw failure(error)
  }
}

export async function refreshTokens(provider: ProviderConfig, refreshToken: string): Promise<ProviderTokens> {
  const config = await configurationOf(provider)
  const tokens = await client.refreshTokenGrant(config, refreshToken).catch((error) => {
    throw failure(error)
  })
  if (tokens.id_token) await verifyIdTokenSignature(provider, config, tokens.id_token)
  return {
    idToken: tokens.id_token ?? '',
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? refreshToken,
    expiresIn: tokens.expiresIn() ?? null,
  }
}

/** Revokes a refresh token where the provider has a revocation endpoint; false if it has none. */
export async function revokeRefreshToken(provider: ProviderConfig, refreshToken: string) {
  const config = await configurationOf(provider)
  if (!config.serverMetadata().revocation_endpoint) return false
  await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' })
  return true
}

/** The provider's end-session URL, or null when it has none (then the app logs off locally). */
export async function endSessionUrl(provider: ProviderConfig, idToken: string | null, postLogoutRedirectUri: string) {
  const config = await configurationOf(provider)
  if (!config.serverMetadata().end_session_endpoint) return null
  const params: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri, client_id: provider.clientId }
  if (idToken) params.id_token_hint = idToken
  return client.buildEndSessionUrl(config, params)
}

/** The HTTP status of the provider's answer an error carries (openid-client keeps the Response as a cause), or 0. */
function providerStatus(error: unknown) {
  let current = error as { status?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (typeof current.status === 'number') return current.status
    current = current.cause as typeof current
  }
  return 0
}

/**
 * openid-client's errors as the catalogue's: the user cancelled (access_denied), state or nonce
 * mismatch (also a replayed callback), an expired or used code (invalid_grant), an ID token that
 * fails its checks (issuer, audience, signature, times), a provider that does not answer or
 * answers 5xx (SSO_PROVIDER_DOWN), and any other OAuth error (SSO_FAILED: the provider refused the
 * product itself, e.g. invalid_client, which an operator fixes; docs/sso.md lists it).
 */
export function failure(error: unknown): DomainError {
  if (error instanceof DomainError) return error
  // A 5xx from any of its endpoints (with or without an OAuth error body), or the OAuth errors that
  // say so: the provider is down, as when it does not answer.
  if (providerStatus(error) >= 500) return new DomainError('SSO_PROVIDER_DOWN')
  const oauthError = error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError ? error.error : null
  if (oauthError === 'server_error' || oauthError === 'temporarily_unavailable') return new DomainError('SSO_PROVIDER_DOWN')
  if (error instanceof client.AuthorizationResponseError) {
    return new DomainError(error.error === 'access_denied' ? 'SSO_CANCELLED' : 'SSO_FAILED')
  }
  if (error instanceof client.ResponseBodyError) {
    return new DomainError(error.error === 'invalid_grant' ? 'SSO_CODE_EXPIRED' : 'SSO_FAILED')
  }
  // openid-client wraps oauth4webapi's error: the reason is the innermost one.
  let inner = error as { code?: string; cause?: unknown; message?: string }
  while (inner?.cause && typeof inner.cause === 'object' && 'code' in (inner.cause as object)) inner = inner.cause as typeof inner
  const code = inner?.code ?? (error as { code?: string })?.code
  const cause = inner?.cause as { claim?: string; parameter?: string } | undefined
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && cause?.claim === 'nonce') return new DomainError('SSO_STATE_MISMATCH')
  if (/"state"/.test(String(inner?.message))) return new DomainError('SSO_STATE_MISMATCH')
  if (
    code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' ||
    code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' ||
    code === 'OAUTH_KEY_SELECTION_FAILED' ||
    code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
  ) {
    return new DomainError('SSO_TOKEN_INVALID')
  }
  const name = (error as Error)?.name
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    error instanceof TypeError ||
    /fetch failed|ECONNREFUSED|timed? ?out/i.test(String((error as Error)?.message) + String((error as Error)?.cause))
  ) {
    return new DomainError('SSO_PROVIDER_DOWN')
  }
  console.error('Single sign-on failed', code ?? name, (error as Error)?.message)
  return new DomainError('SSO_FAILED')
}
