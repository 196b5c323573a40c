/**
 * Data of the group scenarios (issue 10): a member of 200 groups of the large organization
 * (owner of some, leader, member or subscriber of the others), one of them grown to 500 members.
 * Written after the seed, through the app's own database layer, on either dialect.
 */
import { sql } from 'kysely'
import { hashPassword } from '../app/auth/password.server'
import { newId, nowIso } from '../app/utils/ids.server'
import { withDb } from './database'
import { batches } from '../app/db/batches'

/** The user of the /groups and group-home scenarios. */
export const GROUPS_USER = { email: 'bench-groups@example.se', password: 'bench-groups-password', name: 'Greta Grupp' }
export const GROUPS_PER_USER = 200
export const BIG_GROUP_MEMBERS = 500

/** Seeds the groups user; returns the id of their 500-member group (`{bigGroup}` in scenarios.ts). */
export function seedGroupsUser(largeOrgId: string): Promise<string> {
  return withDb(async (db) => {
    const now = nowIso()
    const existing = await db.selectFrom('users').select('id').where('email', '=', GROUPS_USER.email).executeTakeFirst()
    const userId = existing?.id ?? newId()
    if (!existing) {
      await db
        .insertInto('users')
        .values({
          id: userId,
          name: GROUPS_USER.name,
          email: GROUPS_USER.email,
          password_hash: await hashPassword(GROUPS_USER.password),
          email_verified_at: now,
          locale: 'sv',
          timezone: 'Europe/Stockholm',
          created_at: now,
        })
        .execute()
      await db.insertInto('organization_members').values({ organization_id: largeOrgId, user_id: userId, created_at: now }).execute()
    }
    const groups = await db
      .selectFrom('groups')
      .select('id')
      .where('organization_id', '=', largeOrgId)
      .orderBy('id')
      .limit(GROUPS_PER_USER)
      .execute()
    const roles = ['leader', 'member', 'subscriber', 'member'] as const
    await db
      .insertInto('group_members')
      .values(groups.map((g, i) => ({ group_id: g.id, user_id: userId, role: roles[i % roles.length], created_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute()
    // The first group grows to BIG_GROUP_MEMBERS members of the organization.
    const big = groups[0].id
    const missing = await db
      .selectFrom('organization_members as m')
      .select('m.user_id')
      .where('m.organization_id', '=', largeOrgId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('group_members as gm').select('gm.user_id').where('gm.group_id', '=', big).whereRef('gm.user_id', '=', 'm.user_id'),
          ),
        ),
      )
      .limit(BIG_GROUP_MEMBERS)
      .execute()
    const have = Number(
      (
        await db
          .selectFrom('group_members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('group_id', '=', big)
          .executeTakeFirstOrThrow()
      ).n,
    )
    const add = missing.slice(0, Math.max(0, BIG_GROUP_MEMBERS - have))
    for (const batch of batches(add, 200)) {
      await db
        .insertInto('group_members')
        .values(batch.map((m) => ({ group_id: big, user_id: m.user_id, role: 'member' as const, created_at: now })))
        .execute()
    }
    // member_count stays the number of rows (groups.server.ts).
    await db
      .updateTable('groups')
      .set({ member_count: sql`(select count(*) from group_members where group_id = groups.id)` })
      .where(
        'id',
        'in',
        groups.map((g) => g.id),
      )
      .execute()
    return big
  })
}
