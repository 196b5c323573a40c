import { createCookie } from '@remix-run/node'
import { createHmac } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { redeemSignUpInvitation } from '~/services/invitations/invitation-sign-up.server'
import { signUp, verifyEmail } from '~/services/accounts/users.server'
import { readToast, toastHeader } from '~/http/toast.server'
import { newId, nowIso } from '~/utils/ids.server'
import { createUser, lastMailTo, makeRequest, tokenFromMail, uniqueEmail } from '../../tests/support/factories'
import { createOrganization } from '../../tests/support/org-factories'
import { createSession, readSession } from './session.server'

/**
 * SESSION_SECRET during a rotation: the new secret first (it signs and hashes from now on), the
 * old one after it (what it signed and hashed still works). Set before any module reads the
 * configuration.
 */
const { NEW, OLD } = vi.hoisted(() => {
  const secrets = { NEW: 'new-secret-0123456789abcdefghijklmnopqrstuvwxyz', OLD: 'old-secret-0123456789abcdefghijklmnopqrstuvwxyz' }
  process.env.SESSION_SECRET = `${secrets.NEW},${secrets.OLD}`
  return secrets
})

/** A cookie like the app's, signed with one secret only. */
const signedWith = (secret: string, name: string) => createCookie(name, { path: '/', secrets: [secret] })
const cookieHeader = (setCookie: string) => setCookie.split(';')[0]
const codeHash = (secret: string, code: string) => createHmac('sha256', secret).update(`invitation-code:${code}`).digest('hex')

describe('rotating SESSION_SECRET', () => {
  it('still reads a session cookie signed with the old secret, and signs new ones with the first', async () => {
    const user = await createUser()
    const setCookie = await createSession(db(), user.id, 'password')
    // The new cookie is signed with the new secret: the old one alone cannot read it.
    const id = (await signedWith(NEW, 'session').parse(cookieHeader(setCookie))) as string
    expect(id).toMatch(/\S{20,}/)
    expect(await signedWith(OLD, 'session').parse(cookieHeader(setCookie))).toBeNull()
    // A browser still holding a cookie from before the rotation stays signed in.
    const before = await signedWith(OLD, 'session').serialize(id)
    expect(await readSession(db(), cookieHeader(before))).toMatchObject({ status: 'active', user: { id: user.id } })
    // A cookie signed with a secret no longer listed is not read.
    const unknown = await signedWith('retired-secret-0123456789abcdefghijklmnop', 'session').serialize(id)
    expect((await readSession(db(), cookieHeader(unknown))).status).toBe('none')
  })

  it('still shows a toast set before the rotation', async () => {
    expect(await signedWith(NEW, 'toast').parse(cookieHeader(await toastHeader({ key: 'x' })))).toMatchObject({ key: 'x' })
    const before = await signedWith(OLD, 'toast').serialize({ key: 'signin.welcome', type: 'success' })
    const { toast } = await readToast(makeRequest('/', { cookie: cookieHeader(before) }))
    expect(toast).toMatchObject({ key: 'signin.welcome' })
  })

  it('redeems an invitation code hashed with the old secret; new codes are hashed with the first', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const { invitation, code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const row = await db().selectFrom('invitations').select('code_hash').where('id', '=', invitation._id).executeTakeFirstOrThrow()
    expect(row.code_hash).toBe(codeHash(NEW, code))

    const oldCode = 'PREV23'
    await insertOpenInvitation(org.id, admin.id, codeHash(OLD, oldCode))
    const user = await createUser()
    await expect(redeemInvitationCode(ctxFor(user), oldCode.toLowerCase())).resolves.toMatchObject({ name: org.name })
  })

  it('redeems an old code given at sign-up once the verified user confirms', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const oldCode = 'PREV34'
    await insertOpenInvitation(org.id, admin.id, codeHash(OLD, oldCode))
    const email = uniqueEmail('rotated')
    const ctx = ctxFor(null)
    await signUp(ctx, {
      name: 'Ro Tated',
      email,
      password: 'long-enough-pw',
      locale: 'en',
      timezone: 'Europe/Stockholm',
      invitationCode: oldCode,
    })
    const token = tokenFromMail((await lastMailTo(email))!.text_body)!
    const verified = await verifyEmail(ctx, token)
    expect(verified.redirectTo).toBe('/invitation-code')
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    await redeemSignUpInvitation(ctxFor(user))
    expect(
      await db()
        .selectFrom('organization_members')
        .select('role')
        .where('organization_id', '=', org.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toEqual({
      role: 'member',
    })
  })
})

async function insertOpenInvitation(organizationId: string, createdBy: string, hash: string) {
  const now = new Date()
  await db()
    .insertInto('invitations')
    .values({
      id: newId(),
      organization_id: organizationId,
      group_id: null,
      type: 'open',
      email: null,
      group_creator: 0,
      code_hash: hash,
      created_by: createdBy,
      created_at: nowIso(now),
      expires_at: new Date(now.getTime() + 3600_000).toISOString(),
    })
    .execute()
}
