import { createCookie } from '@remix-run/node'
import { isSecureOrigin } from '~/env.server'
import { OWN_CREDENTIALS, isProviderId, type ProviderId } from './config.server'
import { seal, unseal } from './crypto.server'
import type { FlowChecks, ProviderTokens } from './oidc.server'

/** Where to go after single sign-on (spec section 3, "post-SSO parameters"). */
export interface PostSso {
  redirectTo: string
  invitation: string
}

/** One sign-in's round trip through a provider: kept in an encrypted cookie, used once. */
export interface Flow {
  provider: ProviderId
  checks: FlowChecks
  /** `link`: link the provider account to the signed-in user; `reauth`: the signed-in user proves it's them (docs/auth.md). */
  intent: 'signin' | 'link' | 'reauth'
  post: PostSso
}

/** A provider account with no user here yet, waiting at /signup/confirm. */
export interface PendingSignUp {
  provider: ProviderId
  issuer: string
  subject: string
  name: string
  /** Only an email the provider says is verified. */
  email: string | null
  tokens: ProviderTokens
  post: PostSso
}

const base = { httpOnly: true, sameSite: 'lax' as const, secure: isSecureOrigin(), path: '/' }
const flowCookie = createCookie('sso_flow', { ...base, maxAge: 10 * 60 })
const pendingCookie = createCookie('sso_pending', { ...base, maxAge: 30 * 60 })
/** The last sign-in provider (a provider's name, or {product} for the own credentials). */
export const providerCookie = createCookie('signin_provider', { ...base, maxAge: 365 * 24 * 3600 })

export const writeFlow = async (flow: Flow) => flowCookie.serialize(await seal(flow, 'flow'))
export const readFlow = async (request: Request) => unseal<Flow>(await flowCookie.parse(request.headers.get('Cookie')), 'flow')
export const clearFlow = () => flowCookie.serialize('', { maxAge: 0 })

export const writePending = async (pending: PendingSignUp) => pendingCookie.serialize(await seal(pending, 'pending'))
export const readPending = async (request: Request) =>
  unseal<PendingSignUp>(await pendingCookie.parse(request.headers.get('Cookie')), 'pending')
export const clearPending = () => pendingCookie.serialize('', { maxAge: 0 })

export async function lastProvider(request: Request): Promise<ProviderId | typeof OWN_CREDENTIALS | null> {
  const value = await providerCookie.parse(request.headers.get('Cookie'))
  return value === OWN_CREDENTIALS || isProviderId(value) ? value : null
}
export const rememberProvider = (provider: ProviderId | typeof OWN_CREDENTIALS) => providerCookie.serialize(provider)
