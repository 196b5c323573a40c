import { redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { safeRedirect } from '~/auth/schemas'
import { env } from '~/env.server'
import { DomainError } from '~/errors'
import { configuredProviders, providerConfig, type ProviderConfig, type ProviderId } from './config.server'
import { clearFlow, readFlow, writeFlow, type Flow } from './cookies.server'
import { authorizationUrl, exchangeCode } from './oidc.server'

export type IdTokenClaims = Awaited<ReturnType<typeof exchangeCode>>['claims']

/** What a finished round trip gives the app: the provider's checked claims and tokens. */
export interface SsoResult extends Awaited<ReturnType<typeof exchangeCode>> {
  flow: Flow
  /** Set-Cookie that ends the flow (a replayed callback finds no flow). */
  clearFlowCookie: string
}

export const callbackPath = (id: ProviderId) => `/signin/sso/${id}/callback`
export const redirectUriOf = (id: ProviderId) => `${env().APP_URL}${callbackPath(id)}`

/**
 * A remix-auth strategy over openid-client: the first request (/signin/sso/<provider>) throws the
 * redirect to the provider with state, nonce and a PKCE challenge kept in an encrypted cookie; the
 * callback checks them and the ID token. Post-SSO parameters ride along in the same cookie.
 */
export class OpenIdStrategy extends Strategy<SsoResult, SsoResult> {
  name: string
  constructor(private readonly provider: ProviderConfig) {
    super(async (result: SsoResult) => result)
    this.name = provider.id
  }

  async authenticate(request: Request): Promise<SsoResult> {
    const url = new URL(request.url)
    if (!url.pathname.endsWith('/callback')) {
      const post = {
        redirectTo: safeRedirect(url.searchParams.get('redirectTo'), ''),
        invitation: (url.searchParams.get('invitation') ?? '').trim().slice(0, 200),
      }
      const asked = url.searchParams.get('intent')
      const intent = asked === 'link' || asked === 'reauth' ? asked : 'signin'
      const { url: target, checks } = await authorizationUrl(this.provider, redirectUriOf(this.provider.id), {
        ...(url.searchParams.get('login_hint') ? { login_hint: url.searchParams.get('login_hint')! } : {}),
        // Confirming it's them: the provider is asked to authenticate the user again, not to reuse its session.
        ...(intent === 'reauth' ? { prompt: 'login' } : {}),
      })
      throw redirect(target.href, { headers: { 'Set-Cookie': await writeFlow({ provider: this.provider.id, checks, intent, post }) } })
    }
    const flow = await readFlow(request)
    if (url.searchParams.get('error') === 'access_denied') throw new DomainError('SSO_CANCELLED', { post: flow?.post })
    // No flow (expired, or this callback was already used) or one for another provider: a replay or forgery.
    if (!flow || flow.provider !== this.provider.id) throw new DomainError('SSO_STATE_MISMATCH')
    try {
      const exchanged = await exchangeCode(this.provider, url, flow.checks, redirectUriOf(this.provider.id))
      return this.verify({ ...exchanged, flow, clearFlowCookie: await clearFlow() })
    } catch (error) {
      if (error instanceof DomainError) error.data.post ??= flow.post
      throw error
    }
  }
}

let authenticator: Authenticator<SsoResult> | undefined
let builtFor: ProviderConfig[] | undefined
/** One authenticator with a strategy per configured provider. */
export function ssoAuthenticator() {
  const providers = configuredProviders()
  if (!authenticator || builtFor !== providers) {
    authenticator = new Authenticator<SsoResult>()
    for (const p of providers) authenticator.use(new OpenIdStrategy(p), p.id)
    builtFor = providers
  }
  return authenticator
}

/** Runs the provider's strategy; an unconfigured provider is not found. */
export async function authenticateWith(providerId: string, request: Request) {
  if (!providerConfig(providerId)) throw new Response('Not Found', { status: 404 })
  return ssoAuthenticator().authenticate(providerId, request)
}
