import { randomBytes } from 'node:crypto'
import { hashPassword } from '~/auth/password.server'
import { createSession, type SessionState, type SignInMethod } from '~/auth/session.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { db } from '~/db/db.server'
import { createLoadContext } from '~/load-context.server'
import type { User } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'

export const TEST_PASSWORD = 'correct-horse-battery'
let passwordHash: Promise<string> | undefined

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.se`

/** A verified user with TEST_PASSWORD (the hash is computed once per file). */
export async function createUser(overrides: Partial<User> = {}): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const now = nowIso()
  const user = {
    id: newId(),
    name: 'Test User',
    email: uniqueEmail(),
    password_hash: await passwordHash,
    email_verified_at: now,
    locale: 'sv',
    timezone: 'Europe/Stockholm',
    created_at: now,
    ...overrides,
  }
  await db().insertInto('users').values(user).execute()
  return db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
}

/** The Cookie header of a fresh session of the user, signed in by `method` (the password unless told). */
export async function sessionCookieFor(user: Pick<User, 'id'>, method: SignInMethod = 'password') {
  const setCookie = await createSession(db(), user.id, method)
  return setCookie.split(';')[0]
}

const BASE = 'http://localhost:3000'

/** A Request as Remix would hand it to a loader or action. */
export function makeRequest(
  path: string,
  init: {
    method?: string
    form?: Record<string, string | string[]>
    json?: unknown
    cookie?: string
    headers?: Record<string, string>
  } = {},
) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  let body: BodyInit | undefined
  if (init.form) {
    const form = new URLSearchParams()
    for (const [k, v] of Object.entries(init.form)) for (const item of [v].flat()) form.append(k, item)
    body = form
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json)
    headers.set('Content-Type', 'application/json')
  }
  return new Request(`${BASE}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body })
}

/** Loader/action arguments for calling route modules as plain functions. */
export function args(request: Request, params: Record<string, string> = {}) {
  const clientIp = `10.0.0.${Math.floor(Math.random() * 250)}`
  const path = new URL(request.url).pathname
  return {
    request,
    params,
    context: createLoadContext({
      cspNonce: 'test',
      clientIp,
      cookie: request.headers.get('Cookie'),
      method: request.method,
      path,
      authorization: path.startsWith('/api/') ? request.headers.get('Authorization') : null,
    }),
  }
}

/** The latest message in the development outbox for an address. */
export async function lastMailTo(email: string) {
  return db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirst()
}

/** The token in the first app link of a message's text part. */
export function tokenFromMail(text: string) {
  const match = text.match(/token=([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`No token link in:\n${text}`)
  return decodeURIComponent(match[1])
}

/** What a loader or action gave: a Response, or data() with its init, or plain data. */
export function unwrap(result: unknown): { status: number; data: any; headers: Headers } {
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers }
  if (result && typeof result === 'object' && (result as { type?: string }).type === 'DataWithResponseInit') {
    const r = result as { data: unknown; init: ResponseInit | null }
    return { status: r.init?.status ?? 200, data: r.data, headers: new Headers(r.init?.headers) }
  }
  return { status: 200, data: result, headers: new Headers() }
}

/** Runs a loader/action and also catches a thrown Response (redirects, 404s). */
export async function run(fn: () => unknown) {
  try {
    return unwrap(await fn())
  } catch (error) {
    if (error instanceof Response) return unwrap(error)
    throw error
  }
}

/** The cookie pairs (name=value) set by a response, to send on the next request. */
export function cookiesFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/**
 * A service context of `user` whose session proved who they are at `now` ("sudo mode",
 * services/accounts/recent-proof.server.ts): for tests that make a security change (a passkey,
 * two-step, a provider account) straight through its service.
 */
export function provenCtx(user: User, now = new Date()): Ctx {
  const session: SessionState = {
    status: 'active',
    user,
    idHash: `proven-${user.id}`,
    expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
    method: 'password',
    provedAt: now.toISOString(),
  }
  return { ...ctxFor(user), now, session: async () => session }
}
