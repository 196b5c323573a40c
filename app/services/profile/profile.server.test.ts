import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyPassword } from '~/auth/password.server'
import { createSession, readSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, lastMailTo, provenCtx, TEST_PASSWORD } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { createAlert } from '../alerts/alerts.server'
import { ctxFor } from '../context.server'
import { PreferencesPayload } from './profile.schemas'
import {
  changePassword,
  getProfile,
  listSessions,
  renameUser,
  signOutOtherSessions,
  updateNotifications,
  updatePreferences,
  visibleUserName,
} from './profile.server'
import { deviceOf } from './user-agent'

const ctx = (user: User) => ({ ...ctxFor(user), client: `client-${randomBytes(4).toString('hex')}` })
const reread = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
/** The id hash of a new session of the user (what the load context knows as the request's session). */
async function sessionOf(user: User, userAgent: string | null = null) {
  const cookie = await createSession(db(), user.id, 'password', { userAgent })
  const state = await readSession(db(), cookie.split(';')[0])
  if (state.status !== 'active') throw new Error('no session')
  return state.idHash
}

describe('getProfile', () => {
  it('gives the own profile with organizations and groups in Swedish order', async () => {
    const me = await createUser({ name: 'Åsa Ek' })
    const orgB = await createOrganization({ name: 'Örebro skola', adminIds: [me.id] })
    const orgA = await createOrganization({ name: 'Alby skola', memberIds: [me.id] })
    await createGroup(orgA.id, { ownerId: me.id, name: 'Zeta' })
    await createGroup(orgB.id, { ownerId: me.id, name: 'Äpple' })
    const profile = await getProfile(ctx(me), me.id)
    expect(profile.own).toBe(true)
    if (!profile.own) return
    expect(profile.email).toBe(me.email)
    expect(profile.organizations.map((o) => [o.name, o.role])).toEqual([
      ['Alby skola', 'member'],
      ['Örebro skola', 'admin'],
    ])
    expect(profile.groups.map((g) => [g.name, g.role, g.organizationName])).toEqual([
      ['Zeta', 'owner', 'Alby skola'],
      ['Äpple', 'owner', 'Örebro skola'],
    ])
  })

  it("shows another user's name and picture only to people who share an organization, else not found", async () => {
    const me = await createUser()
    const colleague = await createUser({ name: 'Kollega', profile_pic: '/users/x/picture?v=1' })
    const stranger = await createUser({ name: 'Främling' })
    await createOrganization({ adminIds: [me.id], memberIds: [colleague.id] })
    expect(await getProfile(ctx(me), colleague.id)).toEqual({
      own: false,
      _id: colleague.id,
      name: 'Kollega',
      profile_pic: '/users/x/picture?v=1',
    })
    expect(JSON.stringify(await getProfile(ctx(me), colleague.id))).not.toContain(colleague.email)
    await expectCode(getProfile(ctx(me), stranger.id), 'USER_NOT_FOUND')
    await expectCode(getProfile(ctx(me), 'no-such-user'), 'USER_NOT_FOUND')
    expect(await visibleUserName(ctx(me), stranger.id)).toBeNull()
  })
})

describe('changes to the own profile only', () => {
  it('renames, and another user id is not found with nothing changed', async () => {
    const me = await createUser()
    const other = await createUser({ name: 'Other' })
    await createOrganization({ adminIds: [me.id], memberIds: [other.id] })
    await renameUser(ctx(me), me.id, 'Nytt Namn')
    expect((await reread(me.id)).name).toBe('Nytt Namn')
    await expectCode(renameUser(ctx(me), other.id, 'Hacked'), 'USER_NOT_FOUND')
    await expectCode(updatePreferences(ctx(me), other.id, { locale: 'en' }), 'USER_NOT_FOUND')
    await expectCode(updateNotifications(ctx(me), other.id, []), 'USER_NOT_FOUND')
    await expectCode(signOutOtherSessions(ctx(me), other.id, null), 'USER_NOT_FOUND')
    expect((await reread(other.id)).name).toBe('Other')
  })

  it('saves locale, timezone and automatic sign-out, any of them', async () => {
    const me = await createUser()
    await updatePreferences(ctx(me), me.id, { locale: 'en' })
    await updatePreferences(ctx(me), me.id, { timezone: 'America/New_York', autoSignout: { isActive: false, timeoutSeconds: 3600 } })
    const row = await reread(me.id)
    expect([row.locale, row.timezone, row.auto_signout_active, row.auto_signout_seconds]).toEqual(['en', 'America/New_York', 0, 3600])
  })

  it('validates the preferences payload: a zone from the IANA list, a sign-out time in range, something to change', () => {
    expect(PreferencesPayload.safeParse({ timezone: 'Mars/Olympus' }).success).toBe(false)
    expect(PreferencesPayload.safeParse({ locale: 'de' }).success).toBe(false)
    expect(PreferencesPayload.safeParse({}).success).toBe(false)
    expect(PreferencesPayload.safeParse({ autoSignout: { isActive: true, timeoutSeconds: 30 } }).success).toBe(false)
    expect(PreferencesPayload.safeParse({ autoSignout: { isActive: true, timeoutSeconds: 13 * 3600 } }).success).toBe(false)
    expect(PreferencesPayload.safeParse({ timezone: 'Asia/Tokyo', locale: 'sv' }).success).toBe(true)
  })

  it('keeps the unsubscribed templates once each in catalogue order, and alerts honour them', async () => {
    const me = await createUser()
    const actor = await createUser()
    const saved = await updateNotifications(ctx(me), me.id, ['group.role.changed', 'group.member.added', 'group.member.added'])
    expect(saved.unsubscribedTemplates).toEqual(['group.member.added', 'group.role.changed'])
    const org = await createOrganization({ adminIds: [actor.id] })
    const target = { type: 'organization' as const, id: org.id }
    await createAlert(db(), { userId: me.id, actorId: actor.id, template: 'group.member.added', target })
    await createAlert(db(), { userId: me.id, actorId: actor.id, template: 'group.member.removed', target })
    const alerts = await db().selectFrom('alerts').select('template').where('user_id', '=', me.id).execute()
    expect(alerts.map((a) => a.template)).toEqual(['group.member.removed'])
  })
})

describe('password change and sessions', () => {
  it('needs the current password, refuses a common one, and signs out the other sessions only', async () => {
    const me = await createUser({ name: 'Pia Persson' })
    const current = await sessionOf(
      me,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    )
    await sessionOf(
      me,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    )
    await expectCode(
      changePassword(ctx(me), me.id, {
        currentPassword: 'wrong-password',
        newPassword: 'lamp otter violin grape',
        currentSession: current,
      }),
      'WRONG_PASSWORD',
    )
    await expectCode(
      changePassword(ctx(me), me.id, { currentPassword: TEST_PASSWORD, newPassword: 'password123', currentSession: current }),
      'BAD_REQUEST',
    )
    const sessions = await listSessions(ctx(me), me.id, current)
    expect(sessions.map((s) => [s.current, s.browser, s.os])).toEqual([
      [true, 'Chrome 131', 'Windows'],
      [false, 'Safari 17', 'iOS'],
    ])
    const { signedOut } = await changePassword(ctx(me), me.id, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lamp otter violin grape',
      currentSession: current,
    })
    expect(signedOut).toBe(1)
    expect(await verifyPassword((await reread(me.id)).password_hash, 'lamp otter violin grape')).toBe(true)
    const left = await db().selectFrom('sessions').select('id_hash').where('user_id', '=', me.id).execute()
    expect(left.map((s) => s.id_hash)).toEqual([current])
    // The security notice, with the link to the sessions (security-notices.server.test.ts has every kind).
    const notice = await lastMailTo(me.email)
    expect(notice?.subject).toMatch(/password .* was changed|Lösenordet/)
    expect(notice?.text_body).toContain(`/users/${me.id}/preferences/security#prefs-sessions`)
  })

  it('"sign out everywhere else" keeps the current session and no other user\'s', async () => {
    const me = await createUser()
    const someone = await createUser()
    const current = await sessionOf(me)
    await sessionOf(me)
    await sessionOf(me)
    const theirs = await sessionOf(someone)
    // Without a fresh proof (ASVS 7.5.2) nothing ends.
    await expectCode(signOutOtherSessions(ctx(me), me.id, current), 'REAUTH_REQUIRED')
    expect((await listSessions(ctx(me), me.id, current)).length).toBe(3)
    expect(await signOutOtherSessions(provenCtx(me), me.id, current)).toEqual({ signedOut: 2 })
    expect((await listSessions(ctx(me), me.id, current)).length).toBe(1)
    expect(await db().selectFrom('sessions').select('id_hash').where('id_hash', '=', theirs).executeTakeFirst()).toBeTruthy()
  })

  it('blocks guessing the password through a change after a few wrong tries', async () => {
    const me = await createUser()
    const c = ctx(me)
    const codes: string[] = []
    for (let i = 0; i < 7; i++) {
      const error = await changePassword(c, me.id, {
        currentPassword: `wrong-${i}-password`,
        newPassword: 'lamp otter violin grape',
        currentSession: null,
      }).catch((e: { code: string }) => e)
      codes.push((error as { code: string }).code)
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('WRONG_PASSWORD'))
    expect(codes.at(-1)).toBe('TOO_MANY_ATTEMPTS')
  })
})

describe('deviceOf', () => {
  it('names common browsers and systems, and nothing for nothing', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0',
      ),
    ).toEqual({ browser: 'Edge 130', os: 'macOS' })
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      browser: 'Firefox 133',
      os: 'Linux',
    })
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toEqual({
      browser: 'Chrome 131',
      os: 'Android',
    })
    expect(deviceOf(null)).toEqual({ browser: null, os: null })
  })
})
