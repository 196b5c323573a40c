/** Cookies for scenarios that need a signed-in user. */

/** A fixed Cookie header, or a function resolving one against the running server's base URL. */
export type CookieSource = string | ((baseUrl: string) => Promise<string>)

export async function resolveCookie(source: CookieSource | undefined, baseUrl: string): Promise<string | undefined> {
  if (source === undefined) return undefined
  return typeof source === 'string' ? source : source(baseUrl)
}

/**
 * Signs in through the JSON API (POST /api/v2/signin) and returns the Cookie header to send.
 * Usage in scenarios.ts: `cookie: signInCookie('admin@bench.test', 'secret-password')`.
 * Note: sign-in is rate limited per account and client; each call creates one session.
 */
export function signInCookie(email: string, password: string): (baseUrl: string) => Promise<string> {
  return async (baseUrl) => {
    const res = await fetch(`${baseUrl}/api/v2/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ email, password }),
      redirect: 'manual',
    })
    if (!res.ok) throw new Error(`sign-in as ${email} failed: HTTP ${res.status} ${await res.text()}`)
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
    if (cookies.length === 0) throw new Error(`sign-in as ${email} returned no Set-Cookie`)
    return cookies.join('; ')
  }
}
