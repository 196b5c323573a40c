/** Cookies for scenarios that need a signed-in user. */

/** A fixed Cookie header, or a function resolving one against the running server's base URL. */
export type CookieSource = string | ((baseUrl: string) => Promise<string>)

export async function resolveCookie(source: CookieSource | undefined, baseUrl: string): Promise<string | undefined> {
  if (source === undefined) return undefined
  return typeof source === 'string' ? source : source(baseUrl)
}

/**
 * The cookies a browser would keep sending on every page: the session (`session`, or
 * `__Host-session` on https) and the locale. Not `toast`: a flash message read once, which would
 * make every loaded request render (and clear) a toast.
 */
const KEPT_COOKIES = new Set(['session', '__Host-session', 'locale'])

const signedIn = new Map<string, Promise<string>>()

/** Forgets every session signed in so far: after a fresh database, none of them exists. */
export function forgetSignIns() {
  signedIn.clear()
}

/**
 * Signs in through the JSON API (POST /api/v2/signin) once per email and server, and returns the
 * Cookie header to send (session and locale only). Every scenario with the same email shares the
 * one session (sign-in is rate limited per account and client; each call would create a session).
 * The session stays valid while it is used: the idle timeout is 900 s, the absolute lifetime 12 h.
 * Usage in scenarios.ts: `cookie: signInCookie('admin@example.se', 'demo-password-1')`.
 */
export function signInCookie(email: string, password: string): (baseUrl: string) => Promise<string> {
  return (baseUrl) => {
    const key = `${baseUrl} ${email}`
    let cookie = signedIn.get(key)
    if (!cookie) {
      cookie = signIn(baseUrl, email, password)
      cookie.catch(() => signedIn.delete(key))
      signedIn.set(key, cookie)
    }
    return cookie
  }
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  })
  if (!res.ok) throw new Error(`sign-in as ${email} failed: HTTP ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0])
  const kept = pairs.filter((p) => KEPT_COOKIES.has(p.slice(0, p.indexOf('='))))
  if (!kept.some((p) => p.includes('session='))) {
    throw new Error(`sign-in as ${email} returned no session cookie (Set-Cookie: ${pairs.map((p) => p.split('=')[0]).join(', ')})`)
  }
  return kept.join('; ')
}
