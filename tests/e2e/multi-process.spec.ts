import { expect, test } from '@playwright/test'
import pg from 'pg'
import { SIGNIN_PER_ACCOUNT_CLIENT } from '../../app/auth/rate-limit.server'
import { emailCount } from '../support/e2e/mail'
import { createDatabase, postgresReachable, seedDemo, startServer, type ServerProcess } from '../support/e2e/second-servers'

/*
 * Two server processes of the production build on one PostgreSQL database (docs/operations.md,
 * "Several processes"): what one process does, the other sees; limits, the serialization of an
 * organization's membership changes and the mail outbox hold across both. No browser: the JSON API.
 */

test.describe.configure({ mode: 'serial' })

let database: Awaited<ReturnType<typeof createDatabase>>
let a: ServerProcess
let b: ServerProcess
let sql: pg.Client

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const reachable = await postgresReachable()
  // CI must test several processes; on a machine without PostgreSQL the rest still runs.
  test.skip(!reachable && !process.env.CI, 'PostgreSQL is not running on 127.0.0.1:5432')
  database = await createDatabase()
  seedDemo(database.url)
  // Both processes start at once, as behind a load balancer, and share one public origin.
  ;[a, b] = await Promise.all([startServer(database.url), startServer(database.url)])
  sql = new pg.Client({ connectionString: database.url })
  await sql.connect()
})

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await sql?.end().catch(() => {})
  await database?.drop()
})

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

async function signIn(server: ServerProcess, email: string, password: string) {
  const response = await fetch(`${server.baseUrl}/api/v2/signin`, json({ email, password }))
  expect(response.status, await response.clone().text()).toBe(200)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

test('a session made by one process is valid on the other, and signing out on either ends it on both', async () => {
  const cookie = await signIn(a, 'admin@example.se', 'demo-password-1')
  const me = await fetch(`${b.baseUrl}/api/users/me`, { headers: { cookie } })
  expect(me.status).toBe(200)
  expect(((await me.json()) as { email: string }).email).toBe('admin@example.se')

  const signOut = await fetch(`${b.baseUrl}/api/signout`, { method: 'POST', headers: { cookie } })
  expect(signOut.status).toBe(200)
  for (const server of [a, b]) {
    expect((await fetch(`${server.baseUrl}/api/users/me`, { headers: { cookie } })).status).toBe(401)
  }
})

test('failed sign-ins count across processes: the lock comes after the same number of failures', async () => {
  const attempt = (server: ServerProcess) =>
    fetch(`${server.baseUrl}/api/v2/signin`, json({ email: 'erik@example.se', password: 'not-the-password' }))
  const statuses: number[] = []
  for (let i = 0; i < SIGNIN_PER_ACCOUNT_CLIENT.freeFailures + 1; i++) statuses.push((await attempt(i % 2 ? b : a)).status)
  // The free failures are 401 wherever they land; the next one, on either process, sets the lock.
  expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true)
  expect((await attempt(a)).status).toBe(429)
  expect((await attempt(b)).status).toBe(429)
})

test("one organization's membership changes are serialized across processes", async () => {
  const cookie = await signIn(a, 'admin@example.se', 'demo-password-1')
  const { rows: orgRows } = await sql.query<{ id: string }>(`select id from organizations where name = 'Exempelskolan'`)
  const organizationId = orgRows[0]!.id
  // 60 plain members who own no group, most of them in groups (so removals update group counts).
  const { rows } = await sql.query<{ user_id: string }>(
    `select m.user_id from organization_members m join users u on u.id = m.user_id
     where m.organization_id = $1 and m.role <> 'admin' and u.email like '%@exempelskolan.se'
       and not exists (select 1 from groups g where g.owner_id = m.user_id)
     order by m.user_id limit 60`,
    [organizationId],
  )
  expect(rows).toHaveLength(60)
  const ids = rows.map((r) => r.user_id)
  const before = Number(
    (await sql.query(`select count(*) as n from organization_members where organization_id = $1`, [organizationId])).rows[0].n,
  )

  // Overlapping removals at once: A takes members 1-40, B takes 21-60.
  const remove = (server: ServerProcess, members: string[]) =>
    fetch(`${server.baseUrl}/api/v1/organizations/${organizationId}/remove-members`, {
      ...json({ members }),
      headers: { 'Content-Type': 'application/json', cookie },
    })
  const answers = await Promise.all([remove(a, ids.slice(0, 40)), remove(b, ids.slice(20))])
  const results = (await Promise.all(answers.map((r) => r.json()))) as { _id: string; result: string }[][]
  const successes = results.flat().filter((r) => r.result === 'SUCCESS')
  // Every member is reported removed exactly once; the overlap's second removal finds nobody.
  expect(successes.map((r) => r._id).sort()).toEqual([...ids].sort())
  expect(
    results
      .flat()
      .filter((r) => r.result !== 'SUCCESS')
      .every((r) => r.result === 'MEMBER_NOT_FOUND'),
  ).toBe(true)

  const after = Number(
    (await sql.query(`select count(*) as n from organization_members where organization_id = $1`, [organizationId])).rows[0].n,
  )
  expect(after).toBe(before - 60)
  // Each group's stored member count still equals its rows.
  const { rows: drift } = await sql.query(
    `select g.id from groups g where g.organization_id = $1
       and g.member_count <> (select count(*) from group_members gm where gm.group_id = g.id)`,
    [organizationId],
  )
  expect(drift).toEqual([])
})

test('mail queued by both processes goes out exactly once', async () => {
  const { rows } = await sql.query<{ email: string }>(
    `select u.email from users u where u.email like '%@exempelskolan.se' order by u.email limit 20`,
  )
  const addresses = rows.map((r) => r.email)
  expect(addresses).toHaveLength(20)
  const countsBefore = await Promise.all(addresses.map((address) => emailCount(address)))

  const answers = await Promise.all(
    addresses.map((email, i) => fetch(`${(i % 2 ? b : a).baseUrl}/api/password-reset/forgot-password`, json({ email }))),
  )
  expect(answers.map((r) => r.status)).toEqual(addresses.map(() => 200))

  // Both workers claim from the one outbox; wait until every message is recorded as sent.
  await expect
    .poll(async () => Number((await sql.query(`select count(*) as n from mail_outbox where status <> 'sent'`)).rows[0].n), {
      timeout: 30_000,
    })
    .toBe(0)
  const { rows: sent } = await sql.query<{ to_address: string; attempts: number }>(
    `select to_address, attempts from mail_outbox where to_address = any($1)`,
    [addresses],
  )
  expect(sent).toHaveLength(20)
  // A sent row is never claimed again, so what the sink holds now is final: one message each.
  const countsAfter = await Promise.all(addresses.map((address) => emailCount(address)))
  expect(countsAfter.map((n, i) => n - countsBefore[i]!)).toEqual(addresses.map(() => 1))
})
