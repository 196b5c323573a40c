import * as client from 'openid-client'

/**
 * Drives a local provider's sign-in like a browser: follows redirects with the provider's cookies,
 * submits the demo login (or Cancel) and stops at the app's redirect URI, whose URL it answers.
 */
export async function followToCallback(authorizationUrl: string, options: { login: string; redirectUri: string; cancel?: boolean }) {
  const jar = new Map<string, string>()
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      jar.set(name!.trim(), value.join('='))
    }
  }
  let url = authorizationUrl
  let init: RequestInit = {}
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(options.redirectUri)) return url
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), Cookie: cookieHeader() },
    }).catch((error) => {
      throw new Error(`${init.method ?? 'GET'} ${url} failed`, { cause: error })
    })
    keep(response)
    init = {}
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('Location')!, url).href
      continue
    }
    const html = await response.text()
    const uid = /\/interaction\/([^/"]+)\/login/.exec(html)?.[1]
    if (response.status !== 200 || !uid) throw new Error(`Unexpected provider page (${response.status}): ${html.slice(0, 300)}`)
    const origin = new URL(url).origin
    url = options.cancel ? `${origin}/interaction/${uid}/abort` : `${origin}/interaction/${uid}/login`
    init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: options.login }).toString(),
    }
  }
  throw new Error('Too many redirects at the provider')
}

/** A full code flow (PKCE, nonce) straight against a provider, as another client would: its tokens. */
export async function codeFlowTokens(
  issuer: string,
  clientId: string,
  clientSecret: string,
  redirectUri: string,
  login: string,
  scope: string,
) {
  const config = await client.discovery(new URL(issuer), clientId, clientSecret, undefined, { execute: [client.allowInsecureRequests] })
  const verifier = client.randomPKCECodeVerifier()
  const nonce = client.randomNonce()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    nonce,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    prompt: 'consent',
  })
  const callback = await followToCallback(url.href, { login, redirectUri })
  return client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
  })
}
