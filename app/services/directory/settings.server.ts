import { DomainError } from '~/errors'
import { requireOrgAdmin } from '~/services/access.server'
import { recordAudit } from '~/services/audit.server'
import type { Ctx } from '~/services/context.server'
import { DIRECTORY_ERRORS_KEPT } from './errors.server'
import { listDirectoryTokens } from './tokens.server'

/**
 * The organization's directory sync as its admins see it: tokens, the owner of directory-made
 * groups (and the admins to choose from), the last request, and how many people and groups the
 * directory provisioned, and the sync's last errors.
 */
export async function getDirectorySync(ctx: Ctx, organizationId: string) {
  const org = await requireOrgAdmin(ctx, organizationId)
  const tokens = await listDirectoryTokens(ctx, organizationId)
  const [admins, counts] = await Promise.all([
    ctx.db
      .selectFrom('organization_members')
      .select(['user_id as id', 'name', 'email'])
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .orderBy('name')
      .limit(200)
      .execute(),
    ctx.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('directory_users')
          .select((e) => e.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .where('active', '=', 1)
          .as('people'),
        eb
          .selectFrom('groups')
          .select((e) => e.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .where('directory_managed', '=', 1)
          .as('groups'),
      ])
      .executeTakeFirstOrThrow(),
  ])
  // The organization's last errors, newest first, each with the token it came through.
  const errors = tokens
    .flatMap((t) => t.lastErrors.map((e) => ({ ...e, token: t.name })))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  const lastRequest =
    tokens
      .map((t) => t.lastUsed)
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1) ?? null
  return {
    tokens,
    groupOwnerId: (org as { directory_group_owner_id?: string | null }).directory_group_owner_id ?? null,
    admins,
    lastRequest,
    people: Number(counts.people ?? 0),
    groups: Number(counts.groups ?? 0),
    errors,
    errorsKept: DIRECTORY_ERRORS_KEPT,
  }
}

export type DirectorySync = Awaited<ReturnType<typeof getDirectorySync>>

/** Chooses the admin who owns the groups the directory creates from now on (an admin of the organization, else MEMBER_NOT_FOUND). */
export async function setDirectoryGroupOwner(ctx: Ctx, organizationId: string, userId: string) {
  await requireOrgAdmin(ctx, organizationId)
  const admin = await ctx.db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst()
  if (!admin) throw new DomainError('MEMBER_NOT_FOUND')
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('organizations').set({ directory_group_owner_id: userId }).where('id', '=', organizationId).execute()
    await recordAudit({ ...ctx, db: trx }, { organizationId, action: 'directory.settings.owner', items: [userId], result: { SUCCESS: 1 } })
  })
}
