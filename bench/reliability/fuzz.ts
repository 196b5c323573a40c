/**
 * Issue 9, the reliability suite: 10,000 fuzzed bodies across every API call and form action.
 * The targets are read from app/routes.ts (every route with a path, its parameters filled with
 * real ids of the large organization or random ones), so a new route is fuzzed without a list to
 * keep. Each request gets a random method, content type and body (JSON of odd shapes, forms with
 * repeated, huge or unknown fields, broken encodings, nothing at all), signed in as the
 * organization's admin or not. Figures: 5xx answers (target 0), rejected requests (4xx) after
 * which the domain tables changed (target 0), and bodies that show a stack trace or SQL (target 0).
 */
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { RouteConfigEntry } from '@remix-run/route-config'
import routes from '../../app/routes'
import { withDb } from '../database'
import type { Figure, ReliabilityScenario } from './scenario'
import { seededRandom } from '../../app/utils/seeded-random'
import { batches } from '../../app/db/batches'

const REQUESTS = 10_000
const CONCURRENCY = 8
/** After this many requests that were all rejected, the domain tables must be as before them. */
const CHECK_EVERY = 50

/** Every path of the route config, with its parameters (`:organizationId`, `*`) still in it. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/')
    const own = entry.path !== undefined || entry.index ? [here || '/'] : []
    return [...own, ...pathsOf(entry.children ?? [], here)]
  })
}

/** A seeded random source, so a failing run can be repeated (FUZZ_SEED). */
function random(seed: number) {
  const next = seededRandom(seed)
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!
  return { next, int, pick }
}
type Random = ReturnType<typeof random>

const FIELD_NAMES = [
  'email',
  'password',
  'name',
  'intent',
  'ids',
  'members',
  'memberIds',
  'code',
  'token',
  'newPassword',
  'confirmed',
  'locale',
  'redirectTo',
  'active',
  'groupIds',
  'ownerId',
  'q',
  'page',
  'count',
  'organizationId',
  'groupOwnerId',
  'memberIdsWithRoles',
  'emails',
  'contact',
  'months',
  'purpose',
  'zz',
]
const INTENTS = [
  'remove',
  'add-group-creators',
  'remove-group-creators',
  'set-active',
  'delete',
  'change-owners',
  'create-group',
  'invite',
  'revoke',
  'resend',
  'rename',
  'contact',
  'retry',
  'retention',
  'nonsense',
]

function scalar(r: Random, ids: string[]): unknown {
  switch (r.int(12)) {
    case 0:
      return null
    case 1:
      return r.int(2) === 0
    case 2:
      return r.pick([0, -1, 1e308, -0, 2 ** 53 + 1, 3.5])
    case 3:
      return ''
    case 4:
      return 'x'.repeat(r.pick([1, 200, 5_000, 100_000]))
    case 5:
      return r.pick(ids)
    case 6:
      return r.pick(['admin@example.se', 'a@b', 'not-an-email', 'ÅÄÖ@exempel.se', 'x@y.z'.repeat(50)])
    case 7:
      return r.pick(["'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '%00', '{{7*7}}', '${jndi:x}'])
    case 8:
      return r.pick(['SUCCESS', 'owner', 'leader', 'REMOVE', 'true', 'on', '1', 'sv', 'en', 'xx'])
    case 9:
      return randomBytes(r.int(20) + 1).toString('base64')
    case 10:
      return r.pick(['2026-01-01', 'Europe/Stockholm', 'NaN', 'Infinity', '__proto__', 'constructor'])
    default:
      return r.int(1000)
  }
}

function jsonValue(r: Random, ids: string[], depth = 0): unknown {
  const kind = depth > 3 ? 0 : r.int(4)
  if (kind === 0) return scalar(r, ids)
  if (kind === 1) return Array.from({ length: r.pick([0, 1, 3, 50, 2_000]) }, () => (r.int(2) ? r.pick(ids) : scalar(r, ids)))
  const object: Record<string, unknown> = {}
  for (let i = r.int(6); i > 0; i--) object[r.pick([...FIELD_NAMES, '__proto__', 'constructor'])] = jsonValue(r, ids, depth + 1)
  return object
}

function formBody(r: Random, ids: string[]) {
  const form = new URLSearchParams()
  if (r.int(2)) form.append('intent', r.pick(INTENTS))
  const fields = r.pick([0, 1, 4, 20, 500])
  let size = 0
  for (let i = 0; i < fields; i++) {
    const name = r.int(10) === 0 ? randomBytes(3).toString('hex') : r.pick(FIELD_NAMES)
    const repeats = r.int(20) === 0 ? r.pick([100, 5_000, 30_000]) : 1
    const value = String(scalar(r, ids))
    // Up to about a megabyte: the server refuses larger bodies by their length alone.
    for (let k = 0; k < repeats && size < 1_200_000; k++, size += name.length + value.length + 2) form.append(name, value)
  }
  return form.toString()
}

interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Buffer
}

function fuzzRequest(r: Random, targets: string[], cookie: string, ids: string[]): FuzzRequest {
  const path = r.pick(targets)
  const method = r.int(10) < 7 ? 'POST' : r.pick(['PUT', 'PATCH', 'DELETE', 'GET'])
  const headers: Record<string, string> = {}
  if (r.int(2)) headers.cookie = cookie
  if (method === 'GET') return { method, path: `${path}?${formBody(r, ids).slice(0, 4_000)}`, headers }
  let body: string | Buffer
  switch (r.int(7)) {
    case 0:
    case 1:
      headers['content-type'] = 'application/json'
      body = JSON.stringify(jsonValue(r, ids))
      break
    case 2:
      headers['content-type'] = 'application/json'
      body = r.pick(['{', '{"a":', 'null', '[]', '"x"', '1e999', '\u0000', '{"a":1}'.repeat(100)])
      break
    case 3:
    case 4:
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = formBody(r, ids)
      break
    case 5:
      headers['content-type'] = r.pick([
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/json; charset=latin1',
      ])
      body = r.int(2) ? formBody(r, ids) : randomBytes(r.int(2_000)).toString('latin1')
      break
    default:
      body = randomBytes(r.int(500))
  }
  if (Buffer.byteLength(body) > 1_000_000) body = body.slice(0, 900_000)
  return { method, path, headers, body }
}

/**
 * Columns that change without a request asking for it: the signed-in user's last activity (kept
 * by any request with a session, and copied to the member rows), and the outbox worker's
 * bookkeeping of delivery. A new mail row still shows: its id, address and subject count.
 */
const VOLATILE: Record<string, Set<string>> = {
  users: new Set(['last_request_at']),
  organization_members: new Set(['last_request_at']),
  mail_outbox: new Set(['status', 'attempts', 'next_attempt_at', 'last_error', 'claimed_until', 'claim_token', 'sent_at']),
}

/** What a rejected request must never change: the domain's rows, hashed. */
async function fingerprint(): Promise<string> {
  const tables = ['users', 'organizations', 'organization_members', 'groups', 'group_members', 'invitations', 'tokens', 'mail_outbox']
  return withDb(async (db) => {
    const hash = createHash('sha256')
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db)
      hash.update(table)
      for (const row of rows.rows) hash.update(JSON.stringify(row, (key, value) => (VOLATILE[table]?.has(key) ? undefined : value)))
    }
    return hash.digest('hex')
  })
}

const LEAK =
  /\bat [\w$.<>]+ \(|\.tsx?:\d+|node_modules|SQLITE_|sqlite3?|syntax error|\bselect .* from\b|\binsert into\b|\bupdate \w+ set\b|violates|constraint failed|TypeError|ReferenceError/i

export const fuzz: ReliabilityScenario = {
  name: 'fuzz',
  description: `${REQUESTS.toLocaleString(
    'en',
  )} fuzzed bodies across every API call and form action: no 5xx, no change from a rejected request, no stack trace or SQL`,
  changesData: true,
  async run(ctx) {
    const server = await ctx.startServer()
    const cookie = await ctx.adminCookie(server)
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
    const r = random(seed)
    ctx.log(`seed ${seed} (FUZZ_SEED=${seed} repeats this run)`)

    const { groupId, invitationId, memberIds } = await withDb(async (db) => {
      const group = await db.selectFrom('groups').select('id').where('organization_id', '=', ctx.data.largeOrgId).executeTakeFirstOrThrow()
      const invitation = await db.selectFrom('invitations').select('id').executeTakeFirst()
      const members = await db
        .selectFrom('organization_members')
        .select('user_id')
        .where('organization_id', '=', ctx.data.largeOrgId)
        .limit(50)
        .execute()
      return { groupId: group.id, invitationId: invitation?.id ?? 'none', memberIds: members.map((m) => m.user_id) }
    })
    const ids = [...memberIds, groupId, ctx.data.largeOrgId, ctx.data.adminId, 'does-not-exist']
    const fill = (path: string) =>
      path
        .replace(':organizationId', r.int(10) ? ctx.data.largeOrgId : 'nope')
        .replace(':groupId', groupId)
        .replace(':invitationId', invitationId)
        .replace(/:\w+\??/g, 'x')
        .replace('*', 'anything')
    const templates = [...new Set(pathsOf(routes as RouteConfigEntry[]))].filter((p) => p !== '/healthz')
    ctx.log(`${templates.length} routes: ${templates.join(' ')}`)

    const counts = { sent: 0, fiveXx: 0, leaks: 0, changed: 0, rejected: 0, accepted: 0, errors: 0 }
    const statusCounts = new Map<number, number>()
    const examples: string[] = []
    let before = await fingerprint()
    const requests = Math.round((REQUESTS * ctx.durationSec(100)) / 100)
    while (counts.sent < requests) {
      const batch = Array.from({ length: Math.min(CHECK_EVERY, requests - counts.sent) }, () => {
        const req = fuzzRequest(r, templates, cookie, ids)
        return { ...req, path: fill(req.path) }
      })
      let anyAccepted = false
      for (const part of batches(batch, CONCURRENCY)) {
        await Promise.all(
          part.map(async (req) => {
            counts.sent++
            try {
              const response = await fetch(`${server.baseUrl}${req.path}`, {
                method: req.method,
                headers: req.headers,
                body: typeof req.body === 'string' || req.body === undefined ? req.body : new Uint8Array(req.body),
                redirect: 'manual',
                signal: AbortSignal.timeout(30_000),
              })
              const text = await response.text()
              statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1)
              if (response.status >= 500) {
                counts.fiveXx++
                if (examples.length < 10)
                  examples.push(
                    `${response.status} ${req.method} ${req.path.slice(0, 80)} ${req.headers['content-type'] ?? ''}: ${text.slice(0, 120)}`,
                  )
              }
              if (LEAK.test(text.replace(/<script[\s\S]*?<\/script>/g, ''))) {
                counts.leaks++
                if (examples.length < 10) examples.push(`leak ${req.method} ${req.path.slice(0, 80)}: ${LEAK.exec(text)?.[0]}`)
              }
              if (response.status >= 400) counts.rejected++
              else {
                counts.accepted++
                anyAccepted = true
              }
            } catch (error) {
              counts.errors++
              if (examples.length < 10) examples.push(`no answer ${req.method} ${req.path.slice(0, 80)}: ${(error as Error).message}`)
            }
          }),
        )
      }
      const after = await fingerprint()
      if (!anyAccepted && after !== before) {
        counts.changed++
        if (examples.length < 10)
          examples.push(
            `state changed in a batch of only rejected requests (${batch
              .map((b) => `${b.method} ${b.path}`)
              .join(', ')
              .slice(0, 200)})`,
          )
      }
      before = after
    }
    for (const example of examples) ctx.log(example)
    ctx.log(
      `statuses: ${[...statusCounts]
        .sort((x, y) => x[0] - y[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    )

    const figures: Figure[] = [
      { figure: 'fuzzed requests', value: String(counts.sent), target: String(requests), pass: counts.sent === requests },
      { figure: '5xx answers', value: String(counts.fiveXx), target: '0', pass: counts.fiveXx === 0 },
      { figure: 'requests without an answer', value: String(counts.errors), target: '0', pass: counts.errors === 0 },
      {
        figure: `batches of ${CHECK_EVERY} rejected requests that changed data`,
        value: String(counts.changed),
        target: '0',
        pass: counts.changed === 0,
      },
      { figure: 'bodies with a stack trace or SQL', value: String(counts.leaks), target: '0', pass: counts.leaks === 0 },
      { figure: 'accepted (2xx/3xx) / rejected (4xx)', value: `${counts.accepted} / ${counts.rejected}`, target: '-' },
    ]
    return figures
  },
}
