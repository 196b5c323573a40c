import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { env } from '~/env.server'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { createUser, lastMailTo, uniqueEmail } from '../../../tests/support/factories'
import { addMember, createGroup, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { ctxFor, type Ctx } from '../context.server'
import { hashCode, INVITATION_CODE_ALPHABET } from './invitation-codes.server'
import { createGroupInvitation, createInvitation, INVITATION_TTL_SECONDS, listInvitations } from './invitations.server'
import { redeemInvitationCode } from './invitation-redemption.server'
import { resendInvitation, revokeInvitation } from './invitation-admin.server'
import { expectCode } from '../../../tests/support/expect-code'
import { INVITATION_CODE_PER_CLIENT, INVITATION_CODE_PER_ORGANIZATION, INVITATION_CODE_PER_USER } from '~/auth/rate-limit.server'
import { failWrites } from '../../../tests/support/db-faults'

const ctxOf = (user: User, options: { client?: string; now?: Date } = {}): Ctx => ({
  ...ctxFor(user),
  client: options.client ?? `client-${user.id}`,
  ...(options.now ? { now: options.now } : {}),
})

const codeIn = (text: string) => text.match(/invitation-code\?code=([A-Z0-9]{6})/)?.[1]

async function orgWithAdmin(options: { name?: string; locale?: string } = {}) {
  const admin = await createUser({ name: 'Ada Admin', locale: options.locale ?? 'sv' })
  const org = await createOrganization({ name: options.name ?? 'Northside School', adminIds: [admin.id] })
  return { admin, org }
}

const membershipOf = (orgId: string, userId: string) =>
  db().selectFrom('organization_members').selectAll().where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst()

describe('creating and listing invitations', () => {
  it('emails a code and a link to the invited address, in the invitee’s language; only the hash is stored', async () => {
    const { admin, org } = await orgWithAdmin({ locale: 'sv' })
    const invitee = await createUser({ name: 'Ivy', locale: 'en' })
    const { invitation, code } = await createInvitation(ctxOf(admin), org.id, {
      type: 'email',
      email: invitee.email.toUpperCase(),
      groupCreator: true,
    })
    expect(invitation).toMatchObject({ type: 'email', email: invitee.email, groupCreator: true, status: 'pending' })
    expect(code).toMatch(new RegExp(`^[${INVITATION_CODE_ALPHABET}]{6}$`))
    expect(new Date(invitation.expires).getTime() - new Date(invitation.created).getTime()).toBe(INVITATION_TTL_SECONDS * 1000)

    const mail = await lastMailTo(invitee.email)
    expect(mail?.subject).toBe('You are invited to create groups in Northside School')
    expect(mail?.text_body).toContain('Hi Ivy,')
    expect(mail?.text_body).toContain(code)
    expect(mail?.text_body).toContain(`${env().APP_URL}/invitation-code?code=${code}`)
    expect(mail?.html_body).toContain(`/invitation-code?code=${code}`)

    const row = await db().selectFrom('invitations').selectAll().where('id', '=', invitation._id).executeTakeFirstOrThrow()
    expect(row.code_hash).toBe(hashCode(code))
    expect(JSON.stringify(row)).not.toContain(code)
  })

  it('writes to someone without an account in the admin’s language', async () => {
    const { admin, org } = await orgWithAdmin({ locale: 'sv' })
    const email = uniqueEmail('new')
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email, groupCreator: true })
    const mail = await lastMailTo(email)
    expect(mail?.subject).toBe('Du är inbjuden att skapa grupper i Northside School')
    expect(codeIn(mail!.text_body)).toBe(code)
  })

  it('refuses to invite by email someone who already is a group creator', async () => {
    const { admin, org } = await orgWithAdmin()
    const creator = await createUser()
    await addMember(org.id, creator.id, { groupCreator: true })
    await expectCode(
      createInvitation(ctxOf(admin), org.id, { type: 'email', email: creator.email, groupCreator: true }),
      'ALREADY_GROUP_CREATOR',
    )
  })

  it('lists the organization’s invitations newest first with status and expiry, and records each creation', async () => {
    const { admin, org } = await orgWithAdmin()
    const t0 = new Date('2030-01-01T10:00:00Z')
    const first = await createInvitation(ctxOf(admin, { now: t0 }), org.id, { type: 'open', groupCreator: true })
    const second = await createInvitation(ctxOf(admin, { now: new Date(t0.getTime() + 60_000) }), org.id, {
      type: 'email',
      email: uniqueEmail(),
      groupCreator: true,
    })
    expect(first.invitation).not.toHaveProperty('email')
    const group = await createGroup(org.id, { ownerId: admin.id })
    await createGroupInvitation(ctxOf(admin), group.id)

    const list = await listInvitations(ctxOf(admin, { now: new Date(t0.getTime() + 120_000) }), org.id)
    expect(list.map((i) => i._id)).toEqual([second.invitation._id, first.invitation._id])
    expect(list[0]).toMatchObject({
      type: 'email',
      status: 'pending',
      created: '2030-01-01T10:01:00.000Z',
      expires: '2030-01-08T10:01:00.000Z',
    })

    const later = await listInvitations(ctxOf(admin, { now: new Date(t0.getTime() + 8 * 24 * 3600 * 1000) }), org.id)
    expect(later.map((i) => i.status)).toEqual(['expired', 'expired'])

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'invitation.create')
      .execute()
    expect(audit).toHaveLength(3)
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true)
  })

  it('answers not found to anyone but the organization’s admins', async () => {
    const { admin, org } = await orgWithAdmin()
    const member = await createUser()
    await addMember(org.id, member.id, { groupCreator: true })
    const { admin: otherAdmin } = await orgWithAdmin({ name: 'Other' })
    const { invitation } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email: uniqueEmail(), groupCreator: true })

    for (const actor of [member, otherAdmin]) {
      await expectCode(listInvitations(ctxOf(actor), org.id), 'ORGANIZATION_NOT_FOUND')
      await expectCode(createInvitation(ctxOf(actor), org.id, { type: 'open', groupCreator: true }), 'ORGANIZATION_NOT_FOUND')
      await expectCode(resendInvitation(ctxOf(actor), invitation._id), 'INVITATION_NOT_FOUND')
      await expectCode(revokeInvitation(ctxOf(actor), invitation._id), 'INVITATION_NOT_FOUND')
    }
    await expectCode(listInvitations(ctxOf(admin), newId()), 'ORGANIZATION_NOT_FOUND')
    await expectCode(revokeInvitation(ctxOf(admin), newId()), 'INVITATION_NOT_FOUND')
    await expectCode(createGroupInvitation(ctxOf(otherAdmin), (await createGroup(org.id, { ownerId: admin.id })).id), 'GROUP_NOT_FOUND')
    expect(await listInvitations(ctxOf(admin), org.id)).toHaveLength(1)
  })
})

describe('resending and revoking', () => {
  it('resends with a new code and a new expiry; the old code dies', async () => {
    const { admin, org } = await orgWithAdmin()
    const invitee = await createUser()
    const t0 = new Date()
    const { invitation, code: oldCode } = await createInvitation(ctxOf(admin, { now: t0 }), org.id, {
      type: 'email',
      email: invitee.email,
      groupCreator: true,
    })
    const later = new Date(t0.getTime() + 3 * 24 * 3600 * 1000)
    const resent = await resendInvitation(ctxOf(admin, { now: later }), invitation._id)
    expect(resent.expires).toBe(new Date(later.getTime() + INVITATION_TTL_SECONDS * 1000).toISOString())
    const newCode = codeIn((await lastMailTo(invitee.email))!.text_body)!
    expect(newCode).not.toBe(oldCode)

    await expectCode(redeemInvitationCode(ctxOf(invitee, { now: later }), oldCode), 'INVITATION_NOT_FOUND')
    await redeemInvitationCode(ctxOf(invitee, { now: later }), newCode)
    await expectCode(resendInvitation(ctxOf(admin), invitation._id), 'USED')

    const open = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    await expectCode(resendInvitation(ctxOf(admin), open.invitation._id), 'BAD_REQUEST')
    const actions = await db().selectFrom('audit_log').select('action').where('organization_id', '=', org.id).execute()
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['invitation.resend', 'invitation.redeem']))
  })

  it('revokes: the code stops working and the invitation leaves the list', async () => {
    const { admin, org } = await orgWithAdmin()
    const user = await createUser()
    const { invitation, code } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    await revokeInvitation(ctxOf(admin), invitation._id)
    expect(await listInvitations(ctxOf(admin), org.id)).toEqual([])
    await expectCode(redeemInvitationCode(ctxOf(user), code), 'INVITATION_NOT_FOUND')
    await expectCode(revokeInvitation(ctxOf(admin), invitation._id), 'INVITATION_NOT_FOUND')
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invitation.revoke')
      .where('organization_id', '=', org.id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0].items)).toEqual([invitation._id])
  })
})

describe('invitations and their audit entries commit together', () => {
  const invitationsOf = (orgId: string) =>
    db().selectFrom('invitations').select(['id', 'revoked_at', 'code_hash']).where('organization_id', '=', orgId).execute()
  const auditsOf = (orgId: string) => db().selectFrom('audit_log').select('action').where('organization_id', '=', orgId).execute()

  it('creates no invitation, and sends nothing, when its audit entry cannot be written', async () => {
    const { admin, org } = await orgWithAdmin()
    const email = uniqueEmail()
    const restore = await failWrites('audit_log', 'INSERT', 'organization_id', org.id)
    try {
      await expect(createInvitation(ctxOf(admin), org.id, { type: 'email', email, groupCreator: true })).rejects.toThrow(/forced failure/)
    } finally {
      await restore()
    }
    expect(await invitationsOf(org.id)).toEqual([])
    expect(await lastMailTo(email)).toBeUndefined()
  })

  it('keeps neither the invitation nor its entry when its email cannot be sent', async () => {
    const { admin, org } = await orgWithAdmin()
    const email = uniqueEmail()
    const restore = await failWrites('mail_outbox', 'INSERT', 'to_address', email)
    try {
      await expect(createInvitation(ctxOf(admin), org.id, { type: 'email', email, groupCreator: true })).rejects.toThrow(/forced failure/)
    } finally {
      await restore()
    }
    expect(await invitationsOf(org.id)).toEqual([])
    expect(await auditsOf(org.id)).toEqual([])
  })

  it('neither revokes nor resends without the audit entry; a failed resend email keeps the old code and no entry', async () => {
    const { admin, org } = await orgWithAdmin()
    const email = uniqueEmail()
    const { invitation } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email, groupCreator: true })
    const before = await invitationsOf(org.id)
    const restore = await failWrites('audit_log', 'INSERT', 'organization_id', org.id)
    try {
      await expect(revokeInvitation(ctxOf(admin), invitation._id)).rejects.toThrow(/forced failure/)
      await expect(resendInvitation(ctxOf(admin), invitation._id)).rejects.toThrow(/forced failure/)
    } finally {
      await restore()
    }
    expect(await invitationsOf(org.id)).toEqual(before)
    const mailFails = await failWrites('mail_outbox', 'INSERT', 'to_address', email)
    try {
      await expect(resendInvitation(ctxOf(admin), invitation._id)).rejects.toThrow(/forced failure/)
    } finally {
      await mailFails()
    }
    expect(await invitationsOf(org.id)).toEqual(before)
    expect(await auditsOf(org.id)).toEqual([{ action: 'invitation.create' }])
  })
})

describe('redeeming a code', () => {
  it('makes the invited address a member and group creator, once; the invitee is the audit actor', async () => {
    const { admin, org } = await orgWithAdmin()
    const invitee = await createUser()
    const { invitation, code } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email: invitee.email, groupCreator: true })

    const result = await redeemInvitationCode(ctxOf(invitee), code.toLowerCase())
    expect(result).toEqual({ redirectTo: '/organizations', name: 'Northside School' })
    expect(await membershipOf(org.id, invitee.id)).toMatchObject({ role: 'member', is_group_creator: 1 })
    expect((await listInvitations(ctxOf(admin), org.id))[0]).toMatchObject({ _id: invitation._id, status: 'used' })
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'invitation.redeem')
      .executeTakeFirstOrThrow()
    expect(audit.actor_id).toBe(invitee.id)

    await expectCode(redeemInvitationCode(ctxOf(invitee), code), 'USED')
  })

  it('refuses an email invitation to any other address (WRONG_EMAIL) and leaves it usable', async () => {
    const { admin, org } = await orgWithAdmin()
    const invitee = await createUser()
    const intruder = await createUser()
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email: invitee.email, groupCreator: true })
    await expectCode(redeemInvitationCode(ctxOf(intruder), code), 'WRONG_EMAIL')
    expect(await membershipOf(org.id, intruder.id)).toBeUndefined()
    await redeemInvitationCode(ctxOf(invitee), code)
    await expectCode(redeemInvitationCode(ctxOf(intruder), code), 'WRONG_EMAIL')
  })

  it('lets many people use an open code until it expires', async () => {
    const { admin, org } = await orgWithAdmin()
    const t0 = new Date()
    const { code } = await createInvitation(ctxOf(admin, { now: t0 }), org.id, { type: 'open', groupCreator: true })
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    await redeemInvitationCode(ctxOf(a), code)
    await redeemInvitationCode(ctxOf(b, { now: new Date(t0.getTime() + INVITATION_TTL_SECONDS * 1000 - 1000) }), code)
    await expectCode(
      redeemInvitationCode(ctxOf(c, { now: new Date(t0.getTime() + INVITATION_TTL_SECONDS * 1000) }), code),
      'INVITATION_NOT_FOUND',
    )
    expect(await membershipOf(org.id, a.id)).toMatchObject({ is_group_creator: 1 })
    expect(await membershipOf(org.id, b.id)).toMatchObject({ is_group_creator: 1 })
    expect(await membershipOf(org.id, c.id)).toBeUndefined()
    expect((await listInvitations(ctxOf(admin), org.id))[0].status).toBe('pending')
  })

  it('makes an existing member a group creator, keeping their role; a group creator gets IS_ALREADY_GROUP_CREATOR with the target', async () => {
    const { admin, org } = await orgWithAdmin()
    const member = await createUser()
    await addMember(org.id, member.id)
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    await redeemInvitationCode(ctxOf(member), code)
    expect(await membershipOf(org.id, member.id)).toMatchObject({ role: 'member', is_group_creator: 1 })

    // An admin is sent to the organization's own page.
    expect(await redeemInvitationCode(ctxOf(admin), code)).toEqual({ redirectTo: `/organizations/${org.id}`, name: org.name })
    expect(await membershipOf(org.id, admin.id)).toMatchObject({ role: 'admin', is_group_creator: 1 })

    const error = await expectCode(redeemInvitationCode(ctxOf(member), code), 'IS_ALREADY_GROUP_CREATOR')
    expect(error.status).toBe(409)
    expect(error.data).toEqual({ redirectTo: '/organizations', name: org.name })
  })

  it('refuses unknown and malformed codes as not found', async () => {
    const user = await createUser()
    await expectCode(redeemInvitationCode(ctxOf(user), 'ACD234'), 'INVITATION_NOT_FOUND')
    await expectCode(redeemInvitationCode(ctxOf(user), 'O0O0O0'), 'INVITATION_NOT_FOUND')
    await expectCode(redeemInvitationCode(ctxOf(user), ''), 'INVITATION_NOT_FOUND')
  })

  it('adds the user to a group (and its organization) with member_count kept right; a second time is ALREADY_ADDED_TO_GROUP', async () => {
    const { admin, org } = await orgWithAdmin()
    const owner = await createUser()
    const group = await createGroup(org.id, { ownerId: owner.id, name: 'Class 7B' })
    const user = await createUser()
    const { code } = await createGroupInvitation(ctxOf(admin), group.id)
    expect(await redeemInvitationCode(ctxOf(user), code)).toEqual({ redirectTo: `/groups/${group.id}/home`, name: 'Class 7B' })
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 2, memberCount: 2 })
    expect(await membershipOf(org.id, user.id)).toMatchObject({ role: 'member', is_group_creator: 0 })

    const error = await expectCode(redeemInvitationCode(ctxOf(user), code), 'ALREADY_ADDED_TO_GROUP')
    expect(error.data).toEqual({ redirectTo: `/groups/${group.id}/home`, name: 'Class 7B' })
    await expectCode(redeemInvitationCode(ctxOf(owner), code), 'ALREADY_ADDED_TO_GROUP')
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 2, memberCount: 2 })
  })

  it('uses an email group invitation once, for its address only', async () => {
    const { admin, org } = await orgWithAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Choir' })
    const invitee = await createUser()
    const { code } = await createGroupInvitation(ctxOf(admin), group.id, { type: 'email', email: invitee.email })
    expect(codeIn((await lastMailTo(invitee.email))!.text_body)).toBe(code)
    expect((await lastMailTo(invitee.email))!.subject).toContain('Choir')
    await expectCode(redeemInvitationCode(ctxOf(admin), code), 'WRONG_EMAIL')
    await redeemInvitationCode(ctxOf(invitee), code)
    await expectCode(redeemInvitationCode(ctxOf(invitee), code), 'USED')
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 2, memberCount: 2 })
  })

  it('answers ALREADY_ADDED_TO_ORGANIZATION to a member redeeming a plain membership invitation', async () => {
    const { admin, org } = await orgWithAdmin()
    const code = 'MEMB34'
    const now = new Date()
    await db()
      .insertInto('invitations')
      .values({
        id: newId(),
        organization_id: org.id,
        group_id: null,
        type: 'open',
        email: null,
        group_creator: 0,
        code_hash: hashCode(code),
        created_by: admin.id,
        created_at: nowIso(now),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      })
      .execute()
    const user = await createUser()
    expect(await redeemInvitationCode(ctxOf(user), code)).toEqual({ redirectTo: '/organizations', name: org.name })
    expect(await membershipOf(org.id, user.id)).toMatchObject({ role: 'member', is_group_creator: 0 })
    const error = await expectCode(redeemInvitationCode(ctxOf(user), code), 'ALREADY_ADDED_TO_ORGANIZATION')
    expect(error.data).toEqual({ redirectTo: '/organizations', name: org.name })
  })
})

describe('rate limit on redemption', () => {
  const WRONG = 'ACD234'
  afterEach(() => vi.restoreAllMocks())

  it('blocks a user after 10 failed guesses an hour, whatever the client, with retryAt; a good code that was already used does not count', async () => {
    const { admin, org } = await orgWithAdmin()
    const user = await createUser()
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    const owner = await createUser()
    const group = await createGroup(org.id, { ownerId: owner.id, name: 'Class 7B' })
    const { code: groupCode } = await createGroupInvitation(ctxOf(admin), group.id)
    const t0 = new Date()
    await redeemInvitationCode(ctxOf(user, { client: 'c-group', now: t0 }), groupCode)
    for (let i = 0; i < INVITATION_CODE_PER_USER.freeFailures; i++) {
      await expectCode(redeemInvitationCode(ctxOf(user, { client: `c${i}`, now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
      // A second click on a code that worked is no guess.
      await expectCode(redeemInvitationCode(ctxOf(user, { client: `c${i}`, now: t0 }), groupCode), 'ALREADY_ADDED_TO_GROUP')
    }
    // The tenth failure is still answered with why; then the user waits, even with a good code.
    await expectCode(redeemInvitationCode(ctxOf(user, { client: 'c9', now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    const blocked = await expectCode(redeemInvitationCode(ctxOf(user, { client: 'fresh', now: t0 }), code), 'TOO_MANY_ATTEMPTS')
    expect(blocked.status).toBe(429)
    const retryAt = new Date(blocked.data.retryAt as string)
    expect(retryAt.getTime() - t0.getTime()).toBe(INVITATION_CODE_PER_USER.baseSeconds * 1000)
    expect((await membershipOf(org.id, user.id))?.is_group_creator).toBe(0)
    // Another user is not affected, and the blocked one may try again at retryAt.
    await redeemInvitationCode(ctxOf(await createUser(), { client: 'other' }), code)
    expect(await redeemInvitationCode(ctxOf(user, { client: 'fresh', now: retryAt }), code)).toMatchObject({ name: org.name })
  })

  // Each code of FAILED_GUESSES (invitation-redeem-limits.server.ts) is a guess: the code matched nothing the user may use.
  for (const failure of ['INVITATION_NOT_FOUND', 'WRONG_EMAIL', 'INVITATION_DECLINED', 'USED'] as const) {
    it(`counts ${failure} as a failed guess: after the tenth the user waits, even with a good code`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const { admin, org } = await orgWithAdmin()
      const user = await createUser()
      const { code: good } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
      let guess: string = WRONG
      if (failure === 'WRONG_EMAIL') {
        const someone = await createUser()
        guess = (await createInvitation(ctxOf(admin), org.id, { type: 'email', email: someone.email, groupCreator: true })).code
      } else if (failure !== 'INVITATION_NOT_FOUND') {
        const { code, invitation } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email: user.email, groupCreator: true })
        const spent = failure === 'USED' ? { used_at: nowIso() } : { declined_at: nowIso() }
        await db().updateTable('invitations').set(spent).where('id', '=', invitation._id).execute()
        guess = code
      }
      const t0 = new Date()
      for (let i = 0; i <= INVITATION_CODE_PER_USER.freeFailures; i++)
        await expectCode(redeemInvitationCode(ctxOf(user, { client: `guess-${i}`, now: t0 }), guess), failure)
      await expectCode(redeemInvitationCode(ctxOf(user, { client: 'fresh', now: t0 }), good), 'TOO_MANY_ATTEMPTS')
      expect(await membershipOf(org.id, user.id)).toBeUndefined()
    })
  }

  it('blocks a client after 100 failed guesses in 15 minutes, whoever redeems there; another client is not affected', async () => {
    const { admin, org } = await orgWithAdmin()
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    const t0 = new Date()
    const budget = INVITATION_CODE_PER_CLIENT.freeFailures + 1
    const guessers = await Promise.all(
      Array.from({ length: Math.ceil(budget / INVITATION_CODE_PER_USER.freeFailures) }, () => createUser()),
    )
    for (let i = 0; i < budget; i++) {
      const guesser = guessers[Math.floor(i / INVITATION_CODE_PER_USER.freeFailures)]!
      await expectCode(redeemInvitationCode(ctxOf(guesser, { client: 'shared', now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    }
    const error = await expectCode(
      redeemInvitationCode(ctxOf(await createUser(), { client: 'shared', now: t0 }), code),
      'TOO_MANY_ATTEMPTS',
    )
    expect(new Date(error.data.retryAt as string).getTime() - t0.getTime()).toBe(INVITATION_CODE_PER_CLIENT.baseSeconds * 1000)
    await redeemInvitationCode(ctxOf(await createUser(), { client: 'elsewhere', now: t0 }), code)
  })

  it('never locks a class of 30 behind one address, each mistyping once and then redeeming; successes never count', async () => {
    const { admin, org } = await orgWithAdmin()
    const teacher = await createUser()
    const group = await createGroup(org.id, { ownerId: teacher.id, name: 'Class 7B' })
    const { code } = await createGroupInvitation(ctxOf(admin), group.id)
    const pupils = await Promise.all(Array.from({ length: 30 }, () => createUser()))
    const t0 = new Date()
    const outcomes = await Promise.all(
      pupils.map(async (pupil) => {
        const typo = await redeemInvitationCode(ctxOf(pupil, { client: 'school-nat', now: t0 }), WRONG).catch((e: DomainError) => e.code)
        const redeemed = await redeemInvitationCode(ctxOf(pupil, { client: 'school-nat', now: t0 }), code).catch((e: DomainError) => e.code)
        return [typo, redeemed]
      }),
    )
    expect(outcomes).toEqual(pupils.map(() => ['INVITATION_NOT_FOUND', { redirectTo: `/groups/${group.id}/home`, name: 'Class 7B' }]))
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 31, memberCount: 31 })
    // Only the 30 typos were counted: the address has exactly the rest of its budget left.
    const rest = INVITATION_CODE_PER_CLIENT.freeFailures + 1 - 30
    const guessers = await Promise.all(Array.from({ length: Math.ceil(rest / INVITATION_CODE_PER_USER.freeFailures) }, () => createUser()))
    for (let i = 0; i < rest; i++) {
      const guesser = guessers[Math.floor(i / INVITATION_CODE_PER_USER.freeFailures)]!
      await expectCode(redeemInvitationCode(ctxOf(guesser, { client: 'school-nat', now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    }
    await expectCode(redeemInvitationCode(ctxOf(await createUser(), { client: 'school-nat', now: t0 }), code), 'TOO_MANY_ATTEMPTS')
  })

  it('looks up at most 10 of 40 parallel guesses by one user; a good code sent last then waits', async () => {
    const { admin, org } = await orgWithAdmin()
    const user = await createUser()
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'open', groupCreator: true })
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (e: unknown) => (e instanceof DomainError ? e.code : Promise.reject(e)),
      )
    const guesses = Array.from({ length: 40 }, (_, i) => redeemInvitationCode(ctxOf(user, { client: `p${i}` }), WRONG))
    const results = await Promise.all([...guesses, redeemInvitationCode(ctxOf(user, { client: 'p-good' }), code)].map(outcome))
    expect(results.filter((r) => r === 'INVITATION_NOT_FOUND').length).toBeLessThanOrEqual(INVITATION_CODE_PER_USER.freeFailures + 1)
    expect(results.at(-1)).toBe('TOO_MANY_ATTEMPTS')
    expect(await membershipOf(org.id, user.id)).toBeUndefined()
  })

  it('warns once when the failed guesses in an organization’s context reach its budget; outsiders’ misses name no organization', async () => {
    const { admin, org } = await orgWithAdmin()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const warningsAboutOrg = () => warn.mock.calls.filter(([message]) => String(message).includes(org.id))
    const t0 = new Date()
    // An outsider's misses match no code and belong to no organization of theirs.
    const outsider = await createUser()
    for (let i = 0; i < INVITATION_CODE_PER_USER.freeFailures; i++)
      await expectCode(redeemInvitationCode(ctxOf(outsider, { now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    // Members guessing (after group-creator rights, say), each under their own limit.
    const budget = INVITATION_CODE_PER_ORGANIZATION.freeFailures + 1
    const members = await Promise.all(Array.from({ length: Math.ceil(budget / INVITATION_CODE_PER_USER.freeFailures) }, () => createUser()))
    for (const member of members) await addMember(org.id, member.id)
    for (let i = 0; i < budget - 1; i++) {
      const member = members[Math.floor(i / INVITATION_CODE_PER_USER.freeFailures)]!
      await expectCode(redeemInvitationCode(ctxOf(member, { now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    }
    expect(warningsAboutOrg()).toEqual([])
    // The last failure of the budget: an outsider with a code of the organization that is not theirs.
    const invitee = await createUser()
    const { code } = await createInvitation(ctxOf(admin), org.id, { type: 'email', email: invitee.email, groupCreator: true })
    await expectCode(redeemInvitationCode(ctxOf(await createUser(), { now: t0 }), code), 'WRONG_EMAIL')
    expect(warningsAboutOrg()).toHaveLength(1)
    expect(warningsAboutOrg()[0]![0]).toMatch(/50 failed redemptions within an hour/)
    // The warning is not repeated within the hour, and nobody is refused for it.
    await expectCode(redeemInvitationCode(ctxOf(members.at(-1)!, { now: t0 }), WRONG), 'INVITATION_NOT_FOUND')
    expect(warningsAboutOrg()).toHaveLength(1)
    expect(await redeemInvitationCode(ctxOf(invitee, { now: t0 }), code)).toMatchObject({ name: org.name })
  })
})

describe('redemption under a double submit', () => {
  it('adds the user once; the second answer is the catalogue error, not a server error', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const user = await createUser()
    const outcomes = await Promise.all(
      [1, 2].map(() =>
        redeemInvitationCode(ctxFor(user), code!).then(
          () => 'OK',
          (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
        ),
      ),
    )
    expect(outcomes.sort()).toEqual(['IS_ALREADY_GROUP_CREATOR', 'OK'])
    const rows = await db()
      .selectFrom('organization_members')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
  })
})
