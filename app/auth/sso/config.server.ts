import { z } from 'zod'

/**
 * The single sign-on providers (spec section 1 and 7; docs/sso.md). Each is configured by three
 * environment variables (issuer, client id, secret) and is hidden from /signin when any is missing.
 */
export const PROVIDER_IDS = ['google', 'microsoft', 'seiLinkopingKommun'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]
export const isProviderId = (value: unknown): value is ProviderId => PROVIDER_IDS.includes(value as ProviderId)

/** The value of the provider cookie for the product's own credentials (spec section 3). */
export const OWN_CREDENTIALS = '{product}'

export interface ProviderConfig {
  id: ProviderId
  issuer: string
  clientId: string
  clientSecret: string
  scope: string
  /** Extra authorization parameters (Google's account chooser, and consent so a refresh token comes). */
  authorizationParams: Record<string, string>
  /** Allowed clock offset of the provider's tokens, seconds (600 for the Microsoft-type, section 9). */
  clockTolerance: number
  /** Which token a browser sends as Bearer to /api/ (section 7). */
  bearer: 'id_token' | 'access_token'
  /**
   * Whether sign-out revokes the refresh token when the provider has a revocation endpoint. Not
   * the Google-type: revoking there withdraws the user's whole grant to the product (every
   * device's tokens, and the consent), not this session's (docs/decisions/012-single-sign-on.md).
   */
  revokeOnSignOut: boolean
}

const Optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
const SsoEnv = z.object({
  SSO_GOOGLE_ISSUER: Optional,
  SSO_GOOGLE_CLIENT_ID: Optional,
  SSO_GOOGLE_CLIENT_SECRET: Optional,
  SSO_MICROSOFT_ISSUER: Optional,
  SSO_MICROSOFT_CLIENT_ID: Optional,
  SSO_MICROSOFT_CLIENT_SECRET: Optional,
  /** The API-access scope of the product's registration (Microsoft: api://<client id>/<name>). */
  SSO_MICROSOFT_API_SCOPE: z.string().trim().default('api.access'),
  SSO_SEI_ISSUER: Optional,
  SSO_SEI_CLIENT_ID: Optional,
  SSO_SEI_CLIENT_SECRET: Optional,
  /** Seconds the app waits for a provider (discovery, token exchange) before it counts as down. */
  SSO_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
})

export function parseSsoEnv(source: Record<string, string | undefined>) {
  const env = SsoEnv.parse(source)
  const providers: ProviderConfig[] = []
  const add = (
    id: ProviderId,
    issuer: string | undefined,
    clientId: string | undefined,
    clientSecret: string | undefined,
    rest: Omit<ProviderConfig, 'id' | 'issuer' | 'clientId' | 'clientSecret'>,
  ) => {
    if (issuer && clientId && clientSecret) providers.push({ id, issuer: issuer.replace(/\/$/, ''), clientId, clientSecret, ...rest })
  }
  add('google', env.SSO_GOOGLE_ISSUER, env.SSO_GOOGLE_CLIENT_ID, env.SSO_GOOGLE_CLIENT_SECRET, {
    scope: 'openid profile email offline_access',
    authorizationParams: { prompt: 'select_account consent', access_type: 'offline' },
    clockTolerance: 30,
    bearer: 'id_token',
    revokeOnSignOut: false,
  })
  add('microsoft', env.SSO_MICROSOFT_ISSUER, env.SSO_MICROSOFT_CLIENT_ID, env.SSO_MICROSOFT_CLIENT_SECRET, {
    scope: `openid profile email offline_access ${env.SSO_MICROSOFT_API_SCOPE}`,
    authorizationParams: {},
    clockTolerance: 600,
    bearer: 'access_token',
    revokeOnSignOut: true,
  })
  add('seiLinkopingKommun', env.SSO_SEI_ISSUER, env.SSO_SEI_CLIENT_ID, env.SSO_SEI_CLIENT_SECRET, {
    scope: 'openid bankid ad',
    authorizationParams: {},
    clockTolerance: 30,
    bearer: 'access_token',
    revokeOnSignOut: true,
  })
  return { providers, timeoutSeconds: env.SSO_TIMEOUT_SECONDS }
}

let cached: ReturnType<typeof parseSsoEnv> | undefined
export const ssoConfig = () => (cached ??= parseSsoEnv(process.env))
/** Tests point the app at providers they start. */
export const resetSsoConfig = () => {
  cached = undefined
}

export const configuredProviders = () => ssoConfig().providers
export const providerConfig = (id: string) => configuredProviders().find((p) => p.id === id) ?? null
export const providerByIssuer = (issuer: string) => configuredProviders().find((p) => p.issuer === issuer.replace(/\/$/, '')) ?? null

/**
 * The origins of the configured providers: sign-out (a form POST) ends with a redirect to the
 * provider's end-session endpoint, which the CSP's form-action must allow (server/security.ts).
 */
export function providerOrigins(source: Record<string, string | undefined> = process.env) {
  return [source.SSO_GOOGLE_ISSUER, source.SSO_MICROSOFT_ISSUER, source.SSO_SEI_ISSUER].flatMap((issuer) =>
    issuer && URL.canParse(issuer) ? [new URL(issuer).origin] : [],
  )
}
