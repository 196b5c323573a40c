import { hash } from '@node-rs/argon2'
import { expect, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { registerSqliteFunctions } from '../../../app/db/sqlite-functions'
import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, normalizeCode } from '../../../app/utils/invitation-code'
import { E2E_SESSION_SECRET, e2eDatabaseFile } from './env'
import { uniqueEmail } from './users'

/*
 * Test data for the organization journeys, written straight into the e2e database.
 *
 * Why not the demo seed (`npm run db:seed`)? There is no screen that creates organizations, and the
 * seeded "Exempelskolan" would be shared by every test: with two workers, one test removing
 * members or deleting groups changes what another one sees. So each test inserts its OWN small
 * organization (its own admin, members, groups and invitations, with unique names and addresses)
 * and nothing it does can touch another test's data.
 *
 * Why the database and not the JSON API? The API cannot create organizations, admins or
 * invitations with chosen states (used, to a group) either. The server runs SQLite in WAL mode with
 * a busy timeout, so a second connection from the test process may write while it serves; the
 * rows are written the way the services leave them (a group's owner is also a group_members row
 * with role 'owner', groups.member_count equals its group_members rows; see
 * tests/support/org-factories.ts, the vitest equivalent).
 *
 * Users get a real argon2id hash of one shared password (computed once per worker), so they sign in
 * through the real sign-in call. Invitation codes are stored as the server stores them: an HMAC
 * keyed with the e2e SESSION_SECRET (env.ts, also given to the server by playwright.config.ts).
 */

let connection: SQLite.Database | undefined

/** The e2e database, opened once per worker. */
export function appDb() {
  if (!connection) {
    connection = new SQLite(e2eDatabaseFile(), { fileMustExist: true })
    connection.pragma('journal_mode = WAL')
    connection.pragma('busy_timeout = 10000')
    connection.pragma('foreign_keys = ON')
    registerSqliteFunctions(connection)
  }
  return connection
}

const newId = () => randomBytes(12).toString('hex')
const nowIso = () => new Date().toISOString()
/** A short random tag that makes names unique per test (and searchable). */
export const tag = () => Math.random().toString(36).slice(2, 7)

/** The password of every user inserted here. */
export const PASSWORD = 'e2e-lösenord-för-alla'
let passwordHash: Promise<string> | undefined
const hashedPassword = () => (passwordHash ??= hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }))

export interface DbUser {
  id: string
  name: string
  email: string
  password: string
}

/** A verified user who can sign in with PASSWORD. */
export async function insertUser({ name, email, locale = 'sv' }: { name: string; email?: string; locale?: 'sv' | 'en' }): Promise<DbUser> {
  const user = { id: newId(), name, email: (email ?? uniqueEmail('org')).toLowerCase(), password: PASSWORD }
  const now = nowIso()
  appDb()
    .prepare(
      `insert into users (id, name, email, password_hash, email_verified_at, locale, timezone, created_at)
       values (?, ?, ?, ?, ?, ?, 'Europe/Stockholm', ?)`,
    )
    .run(user.id, user.name, user.email, await hashedPassword(), now, locale, now)
  return user
}

export function insertOrganization(name: string) {
  const id = newId()
  appDb().prepare(`insert into organizations (id, name, active, contact, created_at) values (?, ?, 1, '{}', ?)`).run(id, name, nowIso())
  return { id, name }
}

/** Makes the user a member (or admin) of the organization; updates the role if already one. */
export function addMember(
  organizationId: string,
  userId: string,
  { role = 'member', groupCreator = false }: { role?: 'admin' | 'member'; groupCreator?: boolean } = {},
) {
  appDb()
    .prepare(
      `insert into organization_members (organization_id, user_id, role, is_group_creator, created_at) values (?, ?, ?, ?, ?)
       on conflict (organization_id, user_id) do update set role = excluded.role, is_group_creator = excluded.is_group_creator`,
    )
    .run(organizationId, userId, role, groupCreator ? 1 : 0, nowIso())
}

export type GroupRole = 'leader' | 'member' | 'subscriber'

/**
 * A group owned by `owner` with `members` (role 'member' unless given); everyone becomes a member of
 * the organization if not yet. member_count = the group_members rows, the owner included.
 */
export function insertGroup(
  organizationId: string,
  {
    name,
    owner,
    members = [],
    kind = 'standard',
    active = true,
  }: { name: string; owner: DbUser; members?: (DbUser | [DbUser, GroupRole])[]; kind?: 'standard' | 'attendance'; active?: boolean },
) {
  const id = newId()
  const now = nowIso()
  const rows = new Map<string, string>([[owner.id, 'owner']])
  for (const m of members) {
    const [user, role] = Array.isArray(m) ? m : [m, 'member']
    if (!rows.has(user.id)) rows.set(user.id, role)
  }
  const db = appDb()
  db.transaction(() => {
    const member = db.prepare(
      `insert into organization_members (organization_id, user_id, created_at) values (?, ?, ?) on conflict do nothing`,
    )
    for (const userId of rows.keys()) member.run(organizationId, userId, now)
    db.prepare(
      `insert into groups (id, organization_id, name, kind, owner_id, active, member_count, latest_activity_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, null, ?)`,
    ).run(id, organizationId, name, kind, owner.id, active ? 1 : 0, rows.size, now)
    const row = db.prepare(`insert into group_members (group_id, user_id, role, created_at) values (?, ?, ?, ?)`)
    for (const [userId, role] of rows) row.run(id, userId, role, now)
  })()
  return { id, name }
}

/** A code as the server makes them: 6 characters of the alphabet without look-alikes. */
export function randomCode() {
  let code = ''
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)]
  return code
}

/** What the server stores for a code (app/services/invitations/invitation-codes.server.ts, hashCode). */
const hashCode = (code: string) =>
  createHmac('sha256', E2E_SESSION_SECRET)
    .update(`invitation-code:${normalizeCode(code)}`)
    .digest('hex')

/**
 * An invitation with a known code: to become a group creator of the organization (default), to
 * join a group (`groupId`), or to join the organization only (`groupCreator: false`, no group).
 * `usedBy` marks an email invitation as used.
 */
export function insertInvitation({
  organizationId,
  groupId = null,
  type = 'open',
  email = null,
  groupCreator = groupId === null,
  createdBy = null,
  usedBy = null,
}: {
  organizationId: string
  groupId?: string | null
  type?: 'email' | 'open'
  email?: string | null
  groupCreator?: boolean
  createdBy?: string | null
  usedBy?: string | null
}) {
  const id = newId()
  const code = randomCode()
  const now = new Date()
  appDb()
    .prepare(
      `insert into invitations (id, organization_id, group_id, type, email, group_creator, code_hash, created_by, created_at, expires_at, used_at, used_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      organizationId,
      groupId,
      type,
      email?.toLowerCase() ?? null,
      groupCreator ? 1 : 0,
      hashCode(code),
      createdBy,
      now.toISOString(),
      new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      usedBy ? now.toISOString() : null,
      usedBy,
    )
  return { id, code }
}

/** The members of a group with their roles, by name. */
export function groupMembers(groupId: string) {
  return appDb()
    .prepare(`select u.name, gm.role from group_members gm join users u on u.id = gm.user_id where gm.group_id = ? order by u.name`)
    .all(groupId) as { name: string; role: string }[]
}

/** Deletes a group behind the page's back (another admin in another tab). */
export function deleteGroupRow(groupId: string) {
  appDb().prepare(`delete from groups where id = ?`).run(groupId)
}

/**
 * A small organization of its own for one test: one admin, `members` plain members and
 * `groups` groups (each owned by one of `owners`, with a couple of members). Names carry the
 * test's tag so they are unique in the whole database.
 */
export async function createOrgWorld({
  memberNames = ['Berit Berg', 'Bo Berglund', 'Cecilia Carlsson', 'Doris Dahl'],
  adminLocale = 'sv',
}: { memberNames?: string[]; adminLocale?: 'sv' | 'en' } = {}) {
  const t = tag()
  const org = insertOrganization(`Testskolan ${t}`)
  const admin = await insertUser({ name: `Astrid Admin ${t}`, email: uniqueEmail('admin'), locale: adminLocale })
  addMember(org.id, admin.id, { role: 'admin' })
  const members: DbUser[] = []
  for (const name of memberNames) {
    const user = await insertUser({ name: `${name} ${t}` })
    addMember(org.id, user.id)
    members.push(user)
  }
  return { tag: t, org, admin, members }
}

/**
 * Signs the page's browser context in through the JSON API (the sign-in screen has its own
 * journeys): the session cookie lands in the context, so the page is signed in.
 */
export async function signIn(page: Page, user: Pick<DbUser, 'email' | 'password'>) {
  const response = await page.request.post('/api/v2/signin', { data: { email: user.email, password: user.password } })
  expect(response.status(), await response.text()).toBe(200)
}

/** Signs the browser out by forgetting its cookies (as a fresh browser would be). */
export async function signOut(page: Page) {
  await page.context().clearCookies()
}

export const orgPath = (organizationId: string, tab?: 'members' | 'groups' | 'group-creators' | 'audit') =>
  `/organizations/${organizationId}${tab ? `/${tab}` : ''}`
