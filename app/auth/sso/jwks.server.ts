import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose'
import { DomainError } from '~/errors'
import type { ProviderConfig } from './config.server'

/**
 * The providers' signing keys (JWKS) and the signature check of every JWT the app accepts from
 * them: ID tokens from the token endpoint (sign-in and renewal) and Bearer tokens on /api/. One
 * jose `createRemoteJWKSet` per issuer per process: keys are cached, a token with an unknown `kid`
 * refetches them (a rotation) at most once a second (`cooldownDuration`), a fetch that takes over
 * 5 s is a provider that is down.
 *
 * openid-client 6 checks an ID token's claims but not its signature when it comes straight from
 * the token endpoint over TLS (its docs: signature checks there are for non-repudiation only); the
 * product checks it anyway (docs/sso.md), so a token signed with a key the provider never
 * published, with its `kid` or an unknown one, is SSO_TOKEN_INVALID.
 */
const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

export function keysOf(provider: ProviderConfig, jwksUri: string | undefined) {
  if (!jwksUri) throw new DomainError('SSO_TOKEN_INVALID')
  const id = `${provider.issuer} ${jwksUri}`
  let set = sets.get(id)
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 1000, timeoutDuration: 5000 })
    sets.set(id, set)
  }
  return set
}

export const forgetJwks = () => sets.clear()

/** The provider's keys could not be fetched (a time-out, a refused connection, a 5xx): it is down. */
function isUnreachable(error: unknown) {
  if (error instanceof errors.JWKSTimeout) return true
  if (error instanceof TypeError) return true
  return /Expected 200 OK from the JSON Web Key Set HTTP response/i.test(String((error as Error)?.message))
}

/**
 * Verifies a JWT of the provider: signature against its JWKS, issuer, audience (this product's
 * client id), expiry with the provider's clock tolerance. Throws SSO_TOKEN_INVALID, or
 * SSO_PROVIDER_DOWN when its keys cannot be fetched.
 */
export async function verifyProviderJwt(
  provider: ProviderConfig,
  jwksUri: string | undefined,
  token: string,
  requiredClaims = ['exp', 'sub'],
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keysOf(provider, jwksUri), {
      issuer: provider.issuer,
      audience: provider.clientId,
      clockTolerance: provider.clockTolerance,
      requiredClaims,
    })
    return payload
  } catch (error) {
    if (error instanceof DomainError) throw error
    if (isUnreachable(error)) throw new DomainError('SSO_PROVIDER_DOWN')
    throw new DomainError('SSO_TOKEN_INVALID')
  }
}
