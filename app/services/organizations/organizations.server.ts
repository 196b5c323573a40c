import type { Selectable } from 'kysely'
import { swedish } from '~/db/collation'
import type { OrganizationsTable } from '~/db/schema'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { requireOrgAdmin } from '../access.server'
import { latestAudit, recordAudit } from '../audit.server'
import { requireGroupCreatorStanding } from '../groups/group-creation.server'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'
import type { OrganizationContact } from './organizations.schemas'
import type { AuditAction } from '../audit-actions'

/** The Organization entity of the specification (section 3). */
export interface Organization {
  _id: string
  name: string
  created: string
  active: boolean
  contact: OrganizationContact
  groupCreators: string[]
}

export type OrganizationAccess = 'admin' | 'groupCreator'

/** Audit actions recorded by this service (the home screen translates them). */
export const ORGANIZATION_AUDIT = {
  setActive: 'organization.setActive',
  contact: 'organization.contact',
  rename: 'organization.rename',
} as const

function parseContact(text: string): OrganizationContact {
  try {
    const value = JSON.parse(text) as Record<string, unknown>
    const pick = (k: string) => (typeof value?.[k] === 'string' && value[k] ? (value[k] as string) : undefined)
    return Object.fromEntries(
      Object.entries({ name: pick('name'), email: pick('email'), phone: pick('phone') }).filter(([, v]) => v !== undefined),
    )
  } catch {
    return {}
  }
}

/** Shapes an organizations row as the specification's Organization. */
export function toOrganization(row: Selectable<OrganizationsTable>, groupCreators: string[]): Organization {
  return {
    _id: row.id,
    name: row.name,
    created: row.created_at,
    active: Number(row.active) === 1,
    contact: parseContact(row.contact),
    groupCreators,
  }
}

/** The ids of the group creators of some organizations, in one query. */
async function groupCreatorsOf(ctx: Ctx, organizationIds: string[]) {
  const byOrg = new Map<string, string[]>(organizationIds.map((id) => [id, []]))
  if (organizationIds.length === 0) return byOrg
  const rows = await ctx.db
    .selectFrom('organization_members')
    .select(['organization_id', 'user_id'])
    .where('organization_id', 'in', organizationIds)
    .where('is_group_creator', '=', 1)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute()
  for (const r of rows) byOrg.get(r.organization_id)?.push(r.user_id)
  return byOrg
}

/**
 * The organizations the actor administers or may create groups in (GET /api/v3/organizations and
 * the /organizations screen), by name, each with the actor's access. Two queries whatever the count.
 */
export async function listMyOrganizations(ctx: Ctx): Promise<(Organization & { access: OrganizationAccess })[]> {
  const actor = actorOf(ctx)
  const rows = await ctx.db
    .selectFrom('organizations as o')
    .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
    .selectAll('o')
    .select(['m.role', 'm.is_group_creator'])
    .where('m.user_id', '=', actor.id)
    .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('m.is_group_creator', '=', 1)]))
    .orderBy(swedish(ctx.db, 'o.name'))
    .orderBy('o.id')
    .execute()
  const creators = await groupCreatorsOf(
    ctx,
    rows.map((r) => r.id),
  )
  return rows.map(({ role, is_group_creator: _, ...row }) => ({
    ...toOrganization(row, creators.get(row.id) ?? []),
    access: role === 'admin' ? ('admin' as const) : ('groupCreator' as const),
  }))
}

/** The organization's name, for the layout and breadcrumbs (admins only). */
export async function getOrganizationName(ctx: Ctx, organizationId: string): Promise<string> {
  const org = await requireOrgAdmin(ctx, organizationId)
  return org.name
}

/**
 * The organization's name and active flag, for the layout (breadcrumbs, and the notice and the
 * actions left out while it is inactive), with the actor's access: its admins, and its group
 * creators (who see only what they may create there); anyone else ORGANIZATION_NOT_FOUND.
 */
export async function getOrganizationSummary(
  ctx: Ctx,
  organizationId: string,
): Promise<{ name: string; active: boolean; access: OrganizationAccess }> {
  try {
    const org = await requireOrgAdmin(ctx, organizationId)
    return { name: org.name, active: Number(org.active) === 1, access: 'admin' }
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'ORGANIZATION_NOT_FOUND')) throw error
  }
  const { name, active } = await requireGroupCreatorStanding(ctx, organizationId)
  return { name, active, access: 'groupCreator' }
}

/** One organization as the specification's Organization (admins only). */
export async function getOrganization(ctx: Ctx, organizationId: string): Promise<Organization> {
  return withGroupCreators(ctx, await requireOrgAdmin(ctx, organizationId))
}

/** An organization's row as the specification's Organization, with its group creators. */
async function withGroupCreators(ctx: Ctx, org: Awaited<ReturnType<typeof requireOrgAdmin>>): Promise<Organization> {
  const creators = await groupCreatorsOf(ctx, [org.id])
  return toOrganization(org, creators.get(org.id) ?? [])
}

/**
 * The organization home: the organization, its counts (one query besides the member count it
 * keeps) and the latest admin activity.
 * Pending invitations are those neither used, revoked nor expired.
 */
export async function getOrganizationHome(ctx: Ctx, organizationId: string) {
  const row = await requireOrgAdmin(ctx, organizationId)
  const organization = await withGroupCreators(ctx, row)
  const count = <T>(n: T) => Number(n ?? 0)
  const other = await ctx.db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('groups')
        .select((e) => e.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .as('groups'),
      eb
        .selectFrom('groups')
        .select((e) => e.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .where('active', '=', 1)
        .as('activeGroups'),
      eb
        .selectFrom('invitations')
        .select((e) => e.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowIso(ctx.now))
        .as('pendingInvitations'),
    ])
    .executeTakeFirstOrThrow()
  const counts = {
    // Kept on the organization by triggers (migration 021).
    members: count(row.member_count),
    groups: count(other.groups),
    activeGroups: count(other.activeGroups),
    groupCreators: organization.groupCreators.length,
    pendingInvitations: count(other.pendingInvitations),
  }
  const activity = await latestAudit(ctx, organizationId)
  return { organization, counts, activity }
}

/** Updates the organization row and records the audit entry in one transaction. */
async function updateOrganization(
  ctx: Ctx,
  organizationId: string,
  set: Partial<Pick<Selectable<OrganizationsTable>, 'name' | 'active' | 'contact'>>,
  audit: { action: AuditAction; result: Record<string, unknown> },
) {
  await requireOrgAdmin(ctx, organizationId)
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('organizations').set(set).where('id', '=', organizationId).executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) throw new DomainError('ORGANIZATION_NOT_FOUND')
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId, action: audit.action, items: [organizationId], result: { SUCCESS: 1, ...audit.result } },
    )
  })
  return getOrganization(ctx, organizationId)
}

/**
 * PUT …/active. Spec section 4 says toggling also clears the browser's cached groups and members
 * of that organization: pages here are rendered on the server from the database on every request,
 * so there is no client cache to clear (the redirect after the toggle reloads fresh data).
 */
export async function setOrganizationActive(ctx: Ctx, organizationId: string, active: boolean) {
  return updateOrganization(ctx, organizationId, { active: active ? 1 : 0 }, { action: ORGANIZATION_AUDIT.setActive, result: { active } })
}

/** PUT …/contact: replaces the contact info (blank fields are dropped). */
export async function updateOrganizationContact(ctx: Ctx, organizationId: string, contact: OrganizationContact) {
  const clean = Object.fromEntries(
    (['name', 'email', 'phone'] as const).filter((k) => contact[k]?.trim()).map((k) => [k, contact[k]!.trim()]),
  )
  return updateOrganization(ctx, organizationId, { contact: JSON.stringify(clean) }, { action: ORGANIZATION_AUDIT.contact, result: {} })
}

/** PUT …/name. */
export async function renameOrganization(ctx: Ctx, organizationId: string, name: string) {
  const trimmed = name.trim()
  if (!trimmed) throw new DomainError('BAD_REQUEST', { errors: { name: ['validation.required'] } })
  return updateOrganization(ctx, organizationId, { name: trimmed }, { action: ORGANIZATION_AUDIT.rename, result: { name: trimmed } })
}
