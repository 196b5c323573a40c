import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { createUser, lastMailTo } from '../../../tests/support/factories'
import { createGroup, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { deleteGroups } from '../groups/group-bulk.server'
import { redeemInvitationCode } from '../invitations/invitation-redemption.server'
import { applyRows } from './apply.server'

/*
 * Issue 35, item 7: the groups and the group-creator flag a member file gives someone without an
 * account travel with their invitation and apply when they accept it.
 */

const codeIn = (text: string) => text.match(/invitation-code\?code=([A-Z0-9]{6})/)?.[1]
const row = (line: number, email: string, groups: string[], groupCreator = false) => ({ line, email, name: '', groups, groupCreator })

async function inGroups(userId: string) {
  const rows = await db()
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select(['g.name', 'gm.role'])
    .where('gm.user_id', '=', userId)
    .orderBy('g.name')
    .execute()
  return rows.map((r) => `${r.name}:${r.role}`)
}

describe('an imported invitation carries its groups (issue 35)', () => {
  it('accepting it joins the row’s groups (existing and created by the import) and sets the group-creator flag', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const art = await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id })
    const results = await applyRows(
      ctxFor(admin),
      org.id,
      [row(2, 'elev@example.se', ['bild 7a', 'Musik 8B']), row(3, 'larare@example.se', ['Bild 7A'], true)],
      { createMissingGroups: true, auditAction: 'members.import' },
    )
    expect(results.map((r) => r.result)).toEqual(['INVITED', 'INVITED'])

    const pupil = await createUser({ email: 'elev@example.se' })
    const joined = await redeemInvitationCode(ctxFor(pupil), codeIn((await lastMailTo('elev@example.se'))!.text_body)!)
    expect(await inGroups(pupil.id)).toEqual(['Bild 7A:member', 'Musik 8B:member'])
    expect(joined.redirectTo).toBe('/groups')
    expect(await groupMemberCounts(art.id)).toEqual({ rows: 2, memberCount: 2 })

    const teacher = await createUser({ email: 'larare@example.se' })
    const asCreator = await redeemInvitationCode(ctxFor(teacher), codeIn((await lastMailTo('larare@example.se'))!.text_body)!)
    expect(await inGroups(teacher.id)).toEqual(['Bild 7A:member'])
    const membership = await db()
      .selectFrom('organization_members')
      .select(['role', 'is_group_creator'])
      .where('organization_id', '=', org.id)
      .where('user_id', '=', teacher.id)
      .executeTakeFirstOrThrow()
    expect(membership).toEqual({ role: 'member', is_group_creator: 1 })
    expect(asCreator.redirectTo).toBe('/organizations')
    const audit = await db()
      .selectFrom('audit_log')
      .select('result')
      .where('organization_id', '=', org.id)
      .where('action', '=', 'invitation.redeem')
      .execute()
    expect(audit.map((a) => JSON.parse(a.result).joinedGroups)).toEqual([2, 1])
  })

  it('a group deleted before the invitation is accepted is not joined; the others are', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const art = await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id })
    const music = await createGroup(org.id, { name: 'Musik 8B', ownerId: admin.id })
    await applyRows(ctxFor(admin), org.id, [row(2, 'sen@example.se', ['Bild 7A', 'Musik 8B'])], {
      createMissingGroups: false,
      auditAction: 'members.import',
    })
    await deleteGroups(ctxFor(admin), org.id, [music.id])
    const late = await createUser({ email: 'sen@example.se' })
    const joined = await redeemInvitationCode(ctxFor(late), codeIn((await lastMailTo('sen@example.se'))!.text_body)!)
    expect(await inGroups(late.id)).toEqual(['Bild 7A:member'])
    expect(joined.redirectTo).toBe(`/groups/${art.id}/home`)
  })
})
