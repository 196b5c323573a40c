import { swedish } from '~/db/collation'
import type { GroupKind } from '~/db/schema'
import { DomainError } from '~/errors'
import { actorOf, memoized, type Ctx } from '../context.server'
import { listMyGroups, type MyGroup } from './my-groups.server'
import { requireStrongAuthFor } from '../two-step/strong-auth.server'

/**
 * Who may create groups, and where (spec section 6, "Roles and permissions"; ADR 013): the admins and the group
 * creators of an active organization. Attendance groups need one more permission
 * (`organization_members.may_create_attendance`, granted per member on the group-creators page);
 * an organization's admins always have it. The side menu, the create screens and the
 * create-group API all ask here.
 */

/** An organization where the actor may create groups. */
export interface CreatableOrganization {
  _id: string
  name: string
  isAdmin: boolean
  mayCreateAttendance: boolean
}

/** A user's standing in an organization, as read from organization_members and organizations. */
export type MembershipRow = {
  role: string
  is_group_creator: number | string | bigint
  may_create_attendance: number | string | bigint
  active: number | string | bigint
}

const mayCreate = (r: MembershipRow) => Number(r.active) === 1 && (r.role === 'admin' || Number(r.is_group_creator) === 1)
/** The one rule for attendance groups: an admin, or a group creator given the permission, of an active organization. */
export const mayCreateAttendance = (r: MembershipRow) => mayCreate(r) && (r.role === 'admin' || Number(r.may_create_attendance) === 1)

const memberships = (ctx: Ctx) =>
  ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.active', 'o.two_step_policy', 'm.role', 'm.is_group_creator', 'm.may_create_attendance'])
    .where('m.user_id', '=', actorOf(ctx).id)

/**
 * The active organizations where the actor may create groups (admin or group creator), by name
 * in Swedish order, each saying whether attendance groups may be created there. One query.
 */
export async function organizationsWhereUserMayCreate(ctx: Ctx): Promise<CreatableOrganization[]> {
  const rows = await memberships(ctx)
    .where('o.active', '=', 1)
    .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('m.is_group_creator', '=', 1)]))
    .orderBy(swedish(ctx.db, 'o.name'))
    .orderBy('o.id')
    .execute()
  return rows.map((r) => ({ _id: r.id, name: r.name, isAdmin: r.role === 'admin', mayCreateAttendance: mayCreateAttendance(r) }))
}

/** The ids of the organizations where the actor may create attendance groups (for the side menu). */
export async function organizationsWhereUserMayCreateAttendance(ctx: Ctx): Promise<string[]> {
  return (await organizationsWhereUserMayCreate(ctx)).filter((o) => o.mayCreateAttendance).map((o) => o._id)
}

async function membershipOf(ctx: Ctx, organizationId: string) {
  const actor = actorOf(ctx)
  return memoized(ctx, `membership:${actor.id}:${organizationId}`, () =>
    memberships(ctx).where('m.organization_id', '=', organizationId).executeTakeFirst(),
  )
}

/** How many of their own groups the group creator's view of an organization lists (then a link to all of them). */
export const CREATOR_GROUPS_SHOWN = 20

/**
 * The organization as one of its group creators who does not administer it sees it: its name,
 * whether it is active, and what they may create there. Nothing of its administration (members,
 * invitations, audit). Anyone else gets ORGANIZATION_NOT_FOUND. One query, shared within a GET.
 */
export async function requireGroupCreatorStanding(ctx: Ctx, organizationId: string) {
  const row = await membershipOf(ctx, organizationId)
  if (!row || Number(row.is_group_creator) !== 1) throw new DomainError('ORGANIZATION_NOT_FOUND')
  await requireStrongAuthFor(ctx, row, row)
  return {
    _id: row.id,
    name: row.name,
    active: Number(row.active) === 1,
    mayCreate: mayCreate(row),
    mayCreateAttendance: mayCreateAttendance(row),
  }
}

/**
 * /organizations/:id for a group creator (requireGroupCreatorStanding): the organization, what
 * they may create there, and their own groups in it (the first CREATOR_GROUPS_SHOWN by name, and
 * how many there are).
 */
export async function getGroupCreatorHome(ctx: Ctx, organizationId: string) {
  const organization = await requireGroupCreatorStanding(ctx, organizationId)
  const groups = await listMyGroups(ctx, { organizationId, q: '', sort: 'name', dir: 'asc', page: 1, pageSize: CREATOR_GROUPS_SHOWN })
  return { organization, groups: { items: groups.items.map(creatorGroup), total: groups.total } }
}

/** What the group creator's view shows of one of their groups. */
const creatorGroup = (g: MyGroup) => ({ _id: g._id, name: g.name, role: g.my_role.name, active: g.active, memberCount: g.memberCount })

/**
 * Whether the actor may create attendance groups in the organization: an admin, or a group
 * creator with the attendance permission, of an active organization. One query.
 */
export async function mayCreateAttendanceGroup(ctx: Ctx, organizationId: string): Promise<boolean> {
  const row = await membershipOf(ctx, organizationId)
  return !!row && mayCreateAttendance(row)
}

/**
 * The organization, if the actor may create groups of this kind in it. Someone who may not see
 * it as a creator (not a member, a plain member, unknown id) gets ORGANIZATION_NOT_FOUND; an
 * inactive organization ORGANIZATION_INACTIVE (for its admins and creators); a group creator
 * without the attendance permission FORBIDDEN for an attendance group.
 */
export async function requireGroupCreation(ctx: Ctx, organizationId: string, kind: GroupKind) {
  const row = await membershipOf(ctx, organizationId)
  if (!row || (row.role !== 'admin' && Number(row.is_group_creator) !== 1)) throw new DomainError('ORGANIZATION_NOT_FOUND')
  await requireStrongAuthFor(ctx, row, row)
  if (Number(row.active) !== 1) throw new DomainError('ORGANIZATION_INACTIVE')
  if (kind === 'attendance' && !mayCreateAttendance(row)) throw new DomainError('FORBIDDEN')
  return { _id: row.id, name: row.name }
}

/** The word of a group's default name in each language (the owner's). */
const DEFAULT_NAME_WORD: Record<string, string> = { sv: 'Grupp', en: 'Group' }

/**
 * The name of a group created without one: "Grupp 2026-11-24 14:05" ("Group …" in English), the
 * minute of creation in the owner's language and time zone. The owner can rename it.
 */
export function defaultGroupName(locale: string, timezone: string, now: Date) {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('sv-SE', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).formatToParts(now)
  } catch {
    parts = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' }).formatToParts(now)
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const stamp = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
  return `${DEFAULT_NAME_WORD[locale] ?? DEFAULT_NAME_WORD.sv} ${stamp}`
}
