import * as client from 'openid-client'
import { z } from 'zod'
import { DomainError } from '~/errors'
import { providerConfig, ssoConfig } from './config.server'

/**
 * The token-exchange proxies of section 7: a browser that runs the code flow itself sends its
 * token request here instead of to the provider; the server adds the client secret that only it
 * holds and forwards the request, and nothing else (only the fields of a code exchange or a
 * refresh, only for our client id, only to the provider's own token endpoint).
 */
export const PROXY_TARGETS = ['google', 'apple', 'seiLinkopingKommun'] as const
export type ProxyTarget = (typeof PROXY_TARGETS)[number]

interface Target {
  issuer: string
  clientId: string
  clientSecret: string
}

/** The Apple-type provider is only a proxy target (SSO_APPLE_*), not a sign-in of this app. */
function targetOf(name: string): Target | null {
  if (name === 'apple') {
    const { SSO_APPLE_ISSUER: issuer, SSO_APPLE_CLIENT_ID: clientId, SSO_APPLE_CLIENT_SECRET: clientSecret } = process.env
    return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null
  }
  return name === 'google' || name === 'seiLinkopingKommun' ? providerConfig(name) : null
}

const TokenRequest = z.discriminatedUnion('grant_type', [
  z
    .object({
      grant_type: z.literal('authorization_code'),
      code: z.string().min(1).max(2048),
      redirect_uri: z.string().url().max(2048),
      code_verifier: z.string().min(43).max(128),
      client_id: z.string().max(200).optional(),
    })
    .strict(),
  z
    .object({
      grant_type: z.literal('refresh_token'),
      refresh_token: z.string().min(1).max(4096),
      scope: z.string().max(500).optional(),
      client_id: z.string().max(200).optional(),
    })
    .strict(),
])

const endpoints = new Map<string, string>()
async function tokenEndpointOf(target: Target) {
  let found = endpoints.get(target.issuer)
  if (!found) {
    const loopback = ['127.0.0.1', 'localhost'].includes(new URL(target.issuer).hostname)
    const config = await client
      .discovery(new URL(target.issuer), target.clientId, target.clientSecret, undefined, {
        timeout: ssoConfig().timeoutSeconds,
        execute: loopback ? [client.allowInsecureRequests] : [],
      })
      .catch(() => {
        throw new DomainError('SSO_PROVIDER_DOWN')
      })
    found = config.serverMetadata().token_endpoint
    if (!found) throw new DomainError('SSO_PROVIDER_DOWN')
    endpoints.set(target.issuer, found)
  }
  return found
}

/** Forwards one token request with the secret; answers the provider's status and JSON as they are. */
export async function forwardTokenRequest(name: string, form: FormData | URLSearchParams): Promise<Response> {
  const target = targetOf(name)
  if (!target) throw new DomainError('NOT_FOUND')
  const parsed = TokenRequest.safeParse(Object.fromEntries(form as Iterable<[string, unknown]>))
  if (!parsed.success || (parsed.data.client_id && parsed.data.client_id !== target.clientId)) throw new DomainError('BAD_REQUEST')
  const { client_id: _ignored, ...fields } = parsed.data
  const body = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
  const basic = Buffer.from(`${encodeURIComponent(target.clientId)}:${encodeURIComponent(target.clientSecret)}`).toString('base64')
  let answer: Response
  try {
    answer = await fetch(await tokenEndpointOf(target), {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(ssoConfig().timeoutSeconds * 1000),
    })
  } catch {
    throw new DomainError('SSO_PROVIDER_DOWN')
  }
  const text = await answer.text()
  return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } })
}

export const seiClientId = () => providerConfig('seiLinkopingKommun')?.clientId ?? null
