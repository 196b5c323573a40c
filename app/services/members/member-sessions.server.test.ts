import { describe, expect, it } from 'vitest'
import { createSession, readSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createOrganization } from '../../../tests/support/org-factories'
import { enableTotpFor } from '../../../tests/support/two-step'
import { ctxFor, type Ctx } from '../context.server'
import { endMemberSessions } from './member-sessions.server'

/** A session of the user; answers its Cookie header. */
const signIn = async (user: User) => (await createSession(db(), user.id, 'password')).split(';')[0]!

const sessionCount = async (userId: string) =>
  Number(
    (
      await db()
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  )

const auditOf = (orgId: string) =>
  db().selectFrom('audit_log').selectAll().where('organization_id', '=', orgId).where('action', '=', 'members.endSessions').execute()

/** The actor's context, with the session signed in by `method` (the organization policy reads it). */
const ctxOf = (actor: User, method: 'password' | 'two-step' = 'two-step'): Ctx => ({
  ...ctxFor(actor),
  session: async () => ({ status: 'active', user: actor, idHash: 'test', expiresAt: '2999-01-01T00:00:00Z', method, provedAt: null }),
})

describe("an admin's end sessions (ASVS 7.4.5)", () => {
  it("ends every session of the chosen members, whose next request is signed out; others' stay; audited with the count", async () => {
    const admin = await createUser()
    const member = await createUser()
    const bystander = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id, bystander.id] })
    const [phone, laptop] = [await signIn(member), await signIn(member)]
    await signIn(bystander)
    await signIn(admin)

    const results = await endMemberSessions(ctxOf(admin), org.id, [member.id, bystander.id, member.id])
    expect(results).toEqual([
      { _id: member.id, result: 'SUCCESS', sessions: 2 },
      { _id: bystander.id, result: 'SUCCESS', sessions: 1 },
    ])
    for (const cookie of [phone, laptop]) expect((await readSession(db(), cookie)).status).toBe('expired')
    expect(await sessionCount(member.id)).toBe(0)
    expect(await sessionCount(admin.id)).toBe(1)

    const [entry] = await auditOf(org.id)
    expect(entry!.actor_id).toBe(admin.id)
    expect(JSON.parse(entry!.items)).toEqual([member.id, bystander.id])
    expect(JSON.parse(entry!.result)).toEqual({ SUCCESS: 2, sessions: 3 })
    expect(entry!.status).toBe('done')
  })

  it('a person outside the organization is MEMBER_NOT_FOUND and keeps their sessions', async () => {
    const admin = await createUser()
    const outsider = await createUser()
    const elsewhere = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    await createOrganization({ memberIds: [elsewhere.id] })
    await signIn(outsider)
    await signIn(elsewhere)
    const results = await endMemberSessions(ctxOf(admin), org.id, [outsider.id, elsewhere.id, 'no-such-id'])
    expect(results.map((r) => r.result)).toEqual(['MEMBER_NOT_FOUND', 'MEMBER_NOT_FOUND', 'MEMBER_NOT_FOUND'])
    expect(await sessionCount(outsider.id)).toBe(1)
    expect(await sessionCount(elsewhere.id)).toBe(1)
  })

  it('a plain member and an admin of another organization are refused (not found); nothing ends, nothing is recorded', async () => {
    const admin = await createUser()
    const plain = await createUser()
    const otherAdmin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [plain.id, member.id] })
    await createOrganization({ adminIds: [otherAdmin.id], memberIds: [member.id] })
    await signIn(member)
    for (const actor of [plain, otherAdmin])
      await expectCode(endMemberSessions(ctxOf(actor), org.id, [member.id]), 'ORGANIZATION_NOT_FOUND')
    expect(await sessionCount(member.id)).toBe(1)
    expect(await auditOf(org.id)).toEqual([])
  })

  it('an admin the two-step policy holds back is STRONG_AUTH_REQUIRED; with two-step the same admin may', async () => {
    const admin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    await db().updateTable('organizations').set({ two_step_policy: 'admins' }).where('id', '=', org.id).execute()
    await signIn(member)
    await expectCode(endMemberSessions(ctxOf(admin, 'password'), org.id, [member.id]), 'STRONG_AUTH_REQUIRED')
    expect(await sessionCount(member.id)).toBe(1)
    expect(await auditOf(org.id)).toEqual([])
    await enableTotpFor(admin.id)
    expect(await endMemberSessions(ctxOf(admin, 'password'), org.id, [member.id])).toEqual([
      { _id: member.id, result: 'SUCCESS', sessions: 1 },
    ])
    expect(await sessionCount(member.id)).toBe(0)
  })

  it('works in an inactive organization (it only takes access away)', async () => {
    const admin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id], active: false })
    await signIn(member)
    expect((await endMemberSessions(ctxOf(admin), org.id, [member.id]))[0]!.result).toBe('SUCCESS')
    expect(await sessionCount(member.id)).toBe(0)
  })
})
