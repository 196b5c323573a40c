import { sql, type SqlBool } from 'kysely'
import { folded, searchPattern, swedish } from '~/db/collation'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import type { Page } from '~/utils/list-query'
import { recordAudit } from '../audit.server'
import { lockOrganization, type Tx } from '../bulk.server'
import type { Ctx } from '../context.server'
import { requirePlatformAdmin } from './platform.server'

/**
 * Organizations as the platform admins run them (docs/platform.md): the list,
 * creating one with its first admin, renaming, activating and deactivating, and making or
 * removing its admins. Every function starts with requirePlatformAdmin (anyone else: NOT_FOUND),
 * and every change is in the organization's audit log, in the change's transaction, with the
 * platform admin as its actor.
 */
export const PLATFORM_AUDIT = {
  create: 'platform.organization.create',
  rename: 'platform.organization.rename',
  setActive: 'platform.organization.setActive',
  addAdmin: 'platform.admins.add',
  removeAdmin: 'platform.admins.remove',
} as const

export interface PlatformOrganization {
  _id: string
  name: string
  active: boolean
  created: string
  members: number
  admins: number
}

export const PLATFORM_PAGE_SIZE = 50

/** One page of every organization, searched by name, in Swedish order; member and admin counts per row. */
export async function listPlatformOrganizations(ctx: Ctx, query: { q: string; page: number }): Promise<Page<PlatformOrganization>> {
  requirePlatformAdmin(ctx)
  const pattern = searchPattern(query.q)
  const base = ctx.db
    .selectFrom('organizations as o')
    .$if(query.q !== '', (qb) => qb.where(sql<SqlBool>`${folded(ctx.db, 'o.name')} like ${pattern} escape '\\'`))
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'o.id',
        'o.name',
        'o.active',
        'o.created_at',
        'o.member_count as members',
        eb
          .selectFrom('organization_members as m')
          .whereRef('m.organization_id', '=', 'o.id')
          .where('m.role', '=', 'admin')
          .select((s) => s.fn.countAll<number>().as('n'))
          .as('admins'),
      ])
      .orderBy(swedish(ctx.db, 'o.name'))
      .orderBy('o.id')
      .limit(PLATFORM_PAGE_SIZE)
      .offset((query.page - 1) * PLATFORM_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      active: Number(r.active) === 1,
      created: r.created_at,
      members: Number(r.members),
      admins: Number(r.admins),
    })),
    total: Number(count.total),
    page: query.page,
    pageSize: PLATFORM_PAGE_SIZE,
  }
}

/** One organization with its admins (by name), or NOT_FOUND. */
export async function getPlatformOrganization(ctx: Ctx, organizationId: string) {
  requirePlatformAdmin(ctx)
  const org = await ctx.db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst()
  if (!org) throw new DomainError('NOT_FOUND')
  const admins = await ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('m.organization_id', '=', organizationId)
    .where('m.role', '=', 'admin')
    .orderBy(swedish(ctx.db, 'u.name'))
    .orderBy('u.id')
    .execute()
  return {
    _id: org.id,
    name: org.name,
    active: Number(org.active) === 1,
    created: org.created_at,
    admins: admins.map((a) => ({ _id: a.id, name: a.name, email: a.email })),
  }
}

async function userIdByEmail(db: Tx, email: string) {
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  if (!user) throw new DomainError('NO_ACCOUNT_WITH_EMAIL')
  return user.id
}

/** Makes the user an admin of the organization: a new member, or a member promoted (with both creation rights). */
async function makeAdmin(trx: Tx, organizationId: string, userId: string, now: string) {
  await trx
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role: 'admin', may_create_attendance: 1, created_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role: 'admin', may_create_attendance: 1 }))
    .execute()
}

/** A new, active organization whose first admin is the existing account with `adminEmail` (NO_ACCOUNT_WITH_EMAIL otherwise). */
export async function createPlatformOrganization(ctx: Ctx, input: { name: string; adminEmail: string }) {
  requirePlatformAdmin(ctx)
  const id = newId()
  const now = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const adminId = await userIdByEmail(trx, input.adminEmail)
    await trx.insertInto('organizations').values({ id, name: input.name.trim(), active: 1, contact: '{}', created_at: now }).execute()
    await makeAdmin(trx, id, adminId, now)
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: id, action: PLATFORM_AUDIT.create, items: [id], result: { name: input.name.trim(), admin: adminId } },
    )
    return { _id: id, name: input.name.trim() }
  })
}

/** Runs a change of one existing organization (NOT_FOUND otherwise) in a transaction, locked. */
async function changeOrganization<T>(ctx: Ctx, organizationId: string, change: (trx: Tx) => Promise<T>) {
  requirePlatformAdmin(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    const org = await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()
    if (!org) throw new DomainError('NOT_FOUND')
    return change(trx)
  })
}

export function renamePlatformOrganization(ctx: Ctx, organizationId: string, name: string) {
  return changeOrganization(ctx, organizationId, async (trx) => {
    await trx.updateTable('organizations').set({ name: name.trim() }).where('id', '=', organizationId).execute()
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId, action: PLATFORM_AUDIT.rename, items: [organizationId], result: { name: name.trim() } },
    )
  })
}

export function setPlatformOrganizationActive(ctx: Ctx, organizationId: string, active: boolean) {
  return changeOrganization(ctx, organizationId, async (trx) => {
    await trx
      .updateTable('organizations')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', organizationId)
      .execute()
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId, action: PLATFORM_AUDIT.setActive, items: [organizationId], result: { active } },
    )
  })
}

/** Makes the account with this email an admin (a member first if need be): NO_ACCOUNT_WITH_EMAIL, ALREADY_ORGANIZATION_ADMIN. */
export function addPlatformOrganizationAdmin(ctx: Ctx, organizationId: string, email: string) {
  return changeOrganization(ctx, organizationId, async (trx) => {
    const userId = await userIdByEmail(trx, email)
    const current = await trx
      .selectFrom('organization_members')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (current?.role === 'admin') throw new DomainError('ALREADY_ORGANIZATION_ADMIN')
    await makeAdmin(trx, organizationId, userId, nowIso(ctx.now))
    await recordAudit({ ...ctx, db: trx }, { organizationId, action: PLATFORM_AUDIT.addAdmin, items: [userId], result: { SUCCESS: 1 } })
    return { userId }
  })
}

/**
 * Takes the admin role away (the person stays a plain member): NOT_ORGANIZATION_ADMIN, or
 * LAST_ADMIN when nobody else would administer the organization (checked under its lock).
 */
export function removePlatformOrganizationAdmin(ctx: Ctx, organizationId: string, email: string) {
  return changeOrganization(ctx, organizationId, async (trx) => {
    const userId = await userIdByEmail(trx, email)
    const admins = await trx
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .execute()
    if (!admins.some((a) => a.user_id === userId)) throw new DomainError('NOT_ORGANIZATION_ADMIN')
    if (admins.length === 1) throw new DomainError('LAST_ADMIN')
    await trx
      .updateTable('organization_members')
      .set({ role: 'member' })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute()
    await recordAudit({ ...ctx, db: trx }, { organizationId, action: PLATFORM_AUDIT.removeAdmin, items: [userId], result: { SUCCESS: 1 } })
    return { userId }
  })
}
