import { createCookie } from '@remix-run/node'
import type { DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { env, isSecureOrigin } from '~/env.server'
import { addSeconds, hashSecret, newSecret, nowIso } from '~/utils/ids.server'

/** Absolute lifetime of a session, whatever the user does. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60
/**
 * last_seen_at (and the user's last_request_at) are written at most this often, so a signed-in
 * page costs no write most of the time; idle timeouts are minutes long, so a minute is precise enough.
 */
export const TOUCH_EVERY_MS = 60_000

export type SessionUser = User

export type SessionState =
  | { status: 'none' }
  | { status: 'expired' }
  | {
      status: 'active'
      user: SessionUser
      idHash: string
      expiresAt: string
      method: SignInMethod | null
      /** When the user last proved who they are in this session (sign-in, /confirm-identity); null if never recorded. */
      provedAt: string | null
    }

/**
 * How a session was signed in (sessions.sign_in_method, migration 029): the password alone, the
 * password and a code of the authenticator app (or a recovery code), a passkey, or single sign-on
 * through a provider ('sso:google', 'sso:microsoft', 'sso:<provider id>'). Shown in the list of
 * sessions; the organization policy (services/two-step/strong-auth.server.ts) reads it.
 */
export type SignInMethod = 'password' | 'two-step' | 'passkey' | `sso:${string}`

/** The method of a sign-in through a single sign-on provider. */
export const ssoMethod = (provider: string): SignInMethod => `sso:${provider}`

let cookie: ReturnType<typeof createCookie> | undefined
export function sessionCookie() {
  cookie ??= createCookie(isSecureOrigin() ? '__Host-session' : 'session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureOrigin(),
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: env().SESSION_SECRETS,
  })
  return cookie
}

/** The most of a User-Agent kept with a session (it is only shown, never trusted). */
const USER_AGENT_MAX = 400

/**
 * Starts a session with a fresh random id, signed in by `method`; returns the Set-Cookie header
 * value. Signing in is a proof of who the user is: the session starts with one (`proved_at`).
 */
export async function createSession(
  db: DB,
  userId: string,
  method: SignInMethod,
  { now = new Date(), userAgent = null }: { now?: Date; userAgent?: string | null } = {},
) {
  const id = newSecret()
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSecret(id),
      user_id: userId,
      created_at: nowIso(now),
      last_seen_at: nowIso(now),
      expires_at: addSeconds(now, SESSION_MAX_AGE_SECONDS).toISOString(),
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      sign_in_method: method,
      proved_at: nowIso(now),
    })
    .execute()
  return sessionCookie().serialize(id)
}

async function sessionIdFrom(cookieHeader: string | null): Promise<string | null> {
  const value = await sessionCookie().parse(cookieHeader)
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * Reads the session named by a Cookie header and enforces the absolute lifetime and the user's
 * idle timeout (`preferences.autoSignout`). An expired session is deleted. Each request reads it
 * once, through its load context (app/load-context.server.ts), not through this directly.
 * A passive request (auth/passive-requests.ts: polling, version check, telemetry) is checked the
 * same way but leaves last_seen_at and last_request_at alone: it never keeps a session alive.
 */
export async function readSession(
  db: DB,
  cookieHeader: string | null,
  now = new Date(),
  options: { passive?: boolean } = {},
): Promise<SessionState> {
  const id = await sessionIdFrom(cookieHeader)
  if (!id) return { status: 'none' }
  const idHash = hashSecret(id)
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at', 'sessions.expires_at', 'sessions.sign_in_method', 'sessions.proved_at'])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst()
  if (!row) return { status: 'expired' }
  const { last_seen_at, expires_at, sign_in_method, proved_at, ...user } = row
  const idleLimit = user.auto_signout_active ? addSeconds(new Date(last_seen_at), user.auto_signout_seconds) : null
  if (expires_at <= nowIso(now) || (idleLimit && idleLimit <= now)) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    return { status: 'expired' }
  }
  if (!options.passive && now.getTime() - new Date(last_seen_at).getTime() >= TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso(now) })
      .where('id_hash', '=', idHash)
      .execute()
    await db
      .updateTable('users')
      .set({ last_request_at: nowIso(now) })
      .where('id', '=', user.id)
      .execute()
  }
  return {
    status: 'active',
    user,
    idHash,
    expiresAt: expires_at,
    method: (sign_in_method as SignInMethod | null) ?? null,
    provedAt: proved_at ?? null,
  }
}

/** Marks the session as used now (the idle dialog's "extend"). */
export async function touchSession(db: DB, idHash: string, now = new Date()) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: nowIso(now) })
    .where('id_hash', '=', idHash)
    .execute()
}

/** Revokes the request's session; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(db: DB, request: Request) {
  const id = await sessionIdFrom(request.headers.get('Cookie'))
  if (id) await db.deleteFrom('sessions').where('id_hash', '=', hashSecret(id)).execute()
  return sessionCookie().serialize('', { maxAge: 0 })
}

export async function revokeAllSessions(db: DB, userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}
