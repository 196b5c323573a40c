import { randomBytes } from 'node:crypto'
import type { Insertable, Transaction } from 'kysely'
import { hashPassword } from '~/auth/password.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { DB } from '~/db/db.server'
import type { Database, GroupKind, GroupRole, OrgRole } from '~/db/schema'
import { seededRandom } from '~/utils/seeded-random'
import { demoStory } from './demo-story'
import { seedBenchLibrary } from './library-bench-seed.server'
import { seedLibrary } from './library-seed.server'
import { seedGroupWork } from './group-work-seed.server'
import { seedBenchGroupWork } from './group-work-bench-seed.server'
import { batches } from '~/db/batches'

/** Demo accounts (also in the README). Every one is verified and can sign in at once. */
export const DEMO_USERS = [
  { name: 'Astrid Admin', email: 'admin@example.se', password: 'demo-password-1', locale: 'sv' },
  { name: 'Erik Ek', email: 'erik@example.se', password: 'demo-password-2', locale: 'sv' },
  { name: 'Emma English', email: 'emma@example.se', password: 'demo-password-3', locale: 'en' },
  { name: 'Sofia Mentor', email: 'sofia@example.se', password: 'demo-password-4', locale: 'sv' },
] as const

export const DEMO_ORGANIZATION = 'Exempelskolan'
export const LARGE_ORGANIZATION = 'Storkommunen'

export interface SeedOptions {
  /** Also create the large organization for benchmarks (10,000 members, 1,000 groups). */
  large?: boolean
}

/** The demo accounts were made this long before the seed runs: before they joined the organizations. */
const DEMO_ACCOUNT_AGE_DAYS = 760
/** Pending invitations expire this long after they were made (as the service makes them). */
const INVITATION_DAYS = 7

/**
 * Idempotent: running it again changes nothing that exists. The data tells a consistent story:
 * accounts exist before their memberships, a member is last seen after joining and never in the
 * future, groups are made after their owner joined and are active after they were made, group
 * members join after the group and the organization, invitations expire a week after they were made. Returns a line for each thing it
 * created (demo users by email, organizations with their counts).
 */
export async function seed(db: DB, options: SeedOptions = {}) {
  const created: string[] = []
  for (const u of DEMO_USERS) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst()
    if (exists) continue
    const now = nowIso()
    const made = iso(Date.parse(now) - DEMO_ACCOUNT_AGE_DAYS * DAY)
    await db
      .insertInto('users')
      .values({
        id: newId(),
        name: u.name,
        email: u.email,
        password_hash: await hashPassword(u.password),
        email_verified_at: made,
        locale: u.locale,
        timezone: 'Europe/Stockholm',
        created_at: made,
      })
      .execute()
    created.push(u.email)
  }
  const demo = await seedOrganization(db, {
    name: DEMO_ORGANIZATION,
    domain: 'exempelskolan.se',
    members: 300,
    groups: 40,
    groupCreators: 6,
    groupSize: [8, 32],
    invitations: true,
    seed: 1,
    story: true,
  })
  if (demo) created.push(demo)
  const library = await seedLibrary(db)
  if (library) created.push(library)
  const work = await seedGroupWork(db, await demoIds(db))
  if (work) created.push(work)
  const benchLibrary = options.large ? await seedBenchLibrary(db) : null
  if (benchLibrary) created.push(benchLibrary)
  if (options.large) {
    const large = await seedOrganization(db, {
      name: LARGE_ORGANIZATION,
      domain: 'storkommunen.se',
      members: 10_000,
      groups: 1_000,
      groupCreators: 150,
      groupSize: [5, 45],
      invitations: true,
      seed: 2,
    })
    if (large) created.push(large)
    const benchWork = await seedBenchGroupWork(db, LARGE_ORGANIZATION)
    if (benchWork) created.push(benchWork)
  }
  return created
}

/** The demo accounts of group work's demo group: Erik leads it, Emma writes loops, Sofia follows. */
async function demoIds(db: DB) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['erik@example.se', 'emma@example.se', 'sofia@example.se'])
    .execute()
  const idOf = (email: string) => rows.find((r) => r.email === email)!.id
  return { erikId: idOf('erik@example.se'), emmaId: idOf('emma@example.se'), sofiaId: idOf('sofia@example.se') }
}

/** A small deterministic random source, so every seeded database looks the same. */
function random(seed: number) {
  const next = seededRandom(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  /** A moment in [from, to] (epoch ms), `to` at least `from`. */
  const between = (from: number, to: number) => from + Math.floor(next() * (Math.max(from, to) - from + 1))
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]
  return { next, int, pick, between }
}

const FIRST_NAMES = (
  'Agnes Alice Alma Anna Astrid Ebba Elin Ella Elsa Emilia Freja Hanna Ida Ingrid Julia Karin Klara Lena Linnea ' +
  'Maja Märta Nora Saga Sara Signe Stina Tove Vera Åsa Adam Albin Anders Arvid Axel Björn Carl Elias Erik Filip ' +
  'Gustav Hugo Isak Johan Karl Lars Leo Liam Lucas Magnus Nils Olle Oskar Per Sixten Sven Ture Viktor Wilhelm ' +
  'Örjan'
).split(' ')
const LAST_NAMES = (
  'Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson ' +
  'Jansson Hansson Bengtsson Jönsson Lindberg Jakobsson Magnusson Lindström Olofsson Lindqvist Lindgren Berg ' +
  'Axelsson Bergström Lundberg Lind Lundgren Lundqvist Mattsson Berglund Fredriksson Sandberg Henriksson Forsberg ' +
  'Sjöberg Wallin Engström Eklund Danielsson Lundin Håkansson Björk Bergman Gunnarsson Holm Wikström Samuelsson ' +
  'Isaksson Fransson Bergqvist Nyström Holmberg Arvidsson Löfgren Söderberg Nyberg Blomqvist Claesson Åberg Öberg'
).split(' ')
const SUBJECTS = (
  'Matematik Svenska Engelska Biologi Kemi Fysik Historia Geografi Samhällskunskap Religion Idrott Musik Bild ' +
  'Slöjd Teknik Spanska Tyska Franska Hemkunskap Elevråd Schack Körsång Programmering Läxhjälp'
).split(' ')
const CLASSES = ['7A', '7B', '7C', '8A', '8B', '8C', '9A', '9B', '9C'] as const

/** ASCII for an email address: å, ä → a, ö → o, other marks dropped. */
const ascii = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '')

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
/** Rows per multi-row insert: (columns × rows) stays far below the bound-parameter limits. */
const ROWS_PER_INSERT = 500

async function insertAll<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]) {
  for (const batch of batches(rows, ROWS_PER_INSERT)) {
    // Kysely's generic insert typing does not follow a table name held in a type parameter.
    await trx
      .insertInto(table)
      .values(batch as never)
      .execute()
  }
}

interface OrganizationPlan {
  name: string
  domain: string
  members: number
  groups: number
  /** How many of the generated members may create groups. */
  groupCreators: number
  /** Members per group besides the owner: [min, max]. */
  groupSize: [number, number]
  invitations: boolean
  seed: number
  /** The demo users' alerts, group invitations and seen marks (demo-story.ts): the demo organization only. */
  story?: boolean
}

/**
 * An organization with admin@example.se as admin, erik@example.se as group creator and
 * emma@example.se as plain member, generated members (no password: they cannot sign in), groups
 * (every fifth an attendance group, every seventh inactive, member_count equal to their rows) and
 * a few pending invitations. All in one transaction of multi-row inserts. Skipped (null) when an
 * organization of that name exists.
 */
async function seedOrganization(db: DB, plan: OrganizationPlan): Promise<string | null> {
  const existing = await db.selectFrom('organizations').select('id').where('name', '=', plan.name).executeTakeFirst()
  if (existing) return null
  const demo = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_USERS.map((u) => u.email),
    )
    .execute()
  const demoId = (email: string) => demo.find((u) => u.email === email)?.id
  const adminId = demoId('admin@example.se')
  const erikId = demoId('erik@example.se')
  const emmaId = demoId('emma@example.se')
  if (!adminId || !erikId || !emmaId) throw new Error('The demo users must exist before the demo organizations')

  const rnd = random(plan.seed)
  const now = Date.now()
  const orgId = newId()
  const orgCreated = now - 730 * DAY

  // Users: generated members with Swedish-looking names and addresses of the organization's domain.
  const users: Insertable<Database['users']>[] = []
  for (let i = 0; i < plan.members; i++) {
    const first = rnd.pick(FIRST_NAMES)
    const last = rnd.pick(LAST_NAMES)
    const created = orgCreated + rnd.int(0, 700) * DAY + rnd.int(0, DAY - 1)
    // Seen in the last 90 days, never before joining (someone who joined last week was seen since).
    const seen = rnd.next() < 0.15 ? null : iso(rnd.between(Math.max(created, now - 90 * DAY), now))
    users.push({
      id: newId(),
      name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}.${i + 1}@${plan.domain}`,
      password_hash: null,
      email_verified_at: iso(created),
      locale: rnd.next() < 0.9 ? 'sv' : 'en',
      timezone: 'Europe/Stockholm',
      created_at: iso(created),
      last_request_at: seen,
    })
  }
  const generatedIds = users.map((u) => u.id)
  const joinedAt = new Map<string, number>([
    [adminId, orgCreated],
    [erikId, orgCreated + DAY],
    [emmaId, orgCreated + 2 * DAY],
    ...users.map((u) => [u.id, Date.parse(u.created_at!)] as const),
  ])
  const creatorIds = generatedIds.slice(0, plan.groupCreators)

  const members: Insertable<Database['organization_members']>[] = [
    {
      organization_id: orgId,
      user_id: adminId,
      role: 'admin' as OrgRole,
      is_group_creator: 0,
      may_create_attendance: 1,
      created_at: iso(joinedAt.get(adminId)!),
    },
    {
      organization_id: orgId,
      user_id: erikId,
      role: 'member' as OrgRole,
      is_group_creator: 1,
      may_create_attendance: 1,
      created_at: iso(joinedAt.get(erikId)!),
    },
    {
      organization_id: orgId,
      user_id: emmaId,
      role: 'member' as OrgRole,
      is_group_creator: 0,
      may_create_attendance: 0,
      created_at: iso(joinedAt.get(emmaId)!),
    },
    ...users.map((u, i) => ({
      organization_id: orgId,
      user_id: u.id,
      role: 'member' as OrgRole,
      is_group_creator: i < plan.groupCreators ? 1 : 0,
      // Half of the generated group creators may also create attendance groups.
      may_create_attendance: i < plan.groupCreators && i % 2 === 0 ? 1 : 0,
      created_at: u.created_at,
    })),
  ]

  // Groups: owners are the admin, Erik and the generated group creators; members spread at random.
  const owners = [adminId, erikId, ...creatorIds]
  const groups: Insertable<Database['groups']>[] = []
  const groupMembers: Insertable<Database['group_members']>[] = []
  let attendance = 0
  let inactive = 0
  for (let g = 0; g < plan.groups; g++) {
    const id = newId()
    const kind: GroupKind = g % 5 === 4 ? 'attendance' : 'standard'
    const active = g % 7 === 6 ? 0 : 1
    if (kind === 'attendance') attendance++
    if (!active) inactive++
    const className = CLASSES[g % CLASSES.length]
    const base = kind === 'attendance' ? `Närvaro ${className}` : `${SUBJECTS[g % SUBJECTS.length]} ${className}`
    const ownerId = owners[g % owners.length]
    // Made after its owner joined; active (if ever) after it was made, within the last 120 days.
    const created = Math.min(now, Math.max(orgCreated + rnd.int(0, 700) * DAY, joinedAt.get(ownerId)! + rnd.int(0, 30) * DAY))
    const chosen = new Map<string, GroupRole>([[ownerId, 'owner']])
    const size = rnd.int(plan.groupSize[0], plan.groupSize[1])
    while (chosen.size < size + 1) {
      const userId = rnd.pick(generatedIds)
      if (!chosen.has(userId)) chosen.set(userId, rnd.next() < 0.08 ? 'leader' : rnd.next() < 0.05 ? 'subscriber' : 'member')
    }
    if (g % 4 === 0 && !chosen.has(emmaId)) chosen.set(emmaId, 'member')
    if (g % 10 === 5 && !chosen.has(emmaId)) chosen.set(emmaId, 'subscriber')
    if (g % 6 === 0 && !chosen.has(erikId)) chosen.set(erikId, 'leader')
    if (g % 9 === 3 && !chosen.has(adminId)) chosen.set(adminId, 'leader')
    groups.push({
      id,
      organization_id: orgId,
      // Subject and class repeat together every 72 groups; beyond that a number tells them apart.
      name: plan.groups > 72 ? `${base} (${g + 1})` : base,
      kind,
      owner_id: ownerId,
      active,
      member_count: chosen.size,
      latest_activity_at: rnd.next() < 0.1 ? null : iso(rnd.between(Math.max(created, now - 120 * DAY), now)),
      created_at: iso(created),
    })
    // The owner from the start; the others once both the group and their membership existed.
    for (const [userId, role] of chosen) {
      const joined = role === 'owner' ? created : rnd.between(Math.max(created, joinedAt.get(userId)!), now)
      groupMembers.push({ group_id: id, user_id: userId, role, created_at: iso(joined) })
    }
  }

  // Pending group-creator invitations. Nobody knows their codes: code_hash is random.
  const invitations: Insertable<Database['invitations']>[] = []
  if (plan.invitations) {
    const local = ['ny.larare', 'vikarie', 'rektor.assistent']
    for (const [i, type] of (['email', 'email', 'email', 'open', 'open'] as const).entries()) {
      const created = now - rnd.int(0, 5) * DAY - rnd.int(0, DAY - 1)
      invitations.push({
        id: newId(),
        organization_id: orgId,
        group_id: null,
        type,
        email: type === 'email' ? `${local[i]}@${plan.domain}` : null,
        group_creator: 1,
        code_hash: randomBytes(32).toString('hex'),
        created_by: adminId,
        created_at: iso(created),
        expires_at: iso(created + INVITATION_DAYS * DAY),
      })
    }
  }

  const story = plan.story
    ? demoStory({
        organizationId: orgId,
        organizationName: plan.name,
        now,
        people: { adminId, erikId, emmaId },
        joinedAt,
        groups,
        groupMembers,
        rnd,
        invitationDays: INVITATION_DAYS,
      })
    : null
  invitations.push(...(story?.invitations ?? []))

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({
        id: orgId,
        name: plan.name,
        active: 1,
        contact: JSON.stringify({ name: 'Astrid Admin', email: `kansli@${plan.domain}`, phone: '08-123 45 67' }),
        created_at: iso(orgCreated),
      })
      .execute()
    await insertAll(trx, 'users', users)
    await insertAll(trx, 'organization_members', members)
    await insertAll(trx, 'groups', groups)
    await insertAll(trx, 'group_members', groupMembers)
    await insertAll(trx, 'invitations', invitations)
    await insertAll(trx, 'alerts', story?.alerts ?? [])
    await insertAll(trx, 'audit_log', story?.audit ?? [])
    for (const [userId, seenAt] of story?.seenAt ?? []) {
      await trx.updateTable('users').set({ alerts_seen_at: seenAt }).where('id', '=', userId).execute()
    }
  })

  return (
    `${plan.name}: ${members.length} members (admin@example.se admin, ${plan.groupCreators + 1} group creators), ` +
    `${groups.length} groups (${attendance} attendance, ${inactive} inactive, ${groupMembers.length} group memberships), ` +
    `${invitations.length} pending invitations${story ? `, ${story.alerts.length} alerts of the demo users` : ''}`
  )
}
