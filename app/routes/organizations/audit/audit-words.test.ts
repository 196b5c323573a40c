import { describe, expect, it } from 'vitest'
import { tFor } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { deleteGroups } from '~/services/groups/group-bulk.server'
import { leaveGroup, removeGroupMember } from '~/services/groups/group-home.server'
import { createGroupInvitation, createInvitation } from '~/services/invitations/invitations.server'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { addMembersByEmail } from '~/services/member-import/add-by-email.server'
import { applyRows } from '~/services/member-import/apply.server'
import { outcomeText, targetText } from '~/ui/audit-entry'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as csvRoute from './audit-csv'
import * as page from './route'

/*
 * Issue 35, items 1 and 2: the audit log says what an import came to in words, and each kind of
 * entry names its target, on the page and in the CSV, in both languages.
 */

type Entry = { action: string; target: Parameters<typeof targetText>[1]; outcome: Parameters<typeof outcomeText>[1] }

/** Each entry as the page and the CSV say it, newest first. */
async function logIn(locale: 'sv' | 'en', admin: { id: string }, organizationId: string) {
  const cookie = await sessionCookieFor(admin)
  const res = await run(() => page.loader(args(makeRequest(`/organizations/${organizationId}/audit`, { cookie }), { organizationId })))
  const t = tFor(locale) as (key: string, values?: Record<string, unknown>) => string
  return (res.data.page.items as Entry[]).map((e) => ({
    action: e.action,
    target: targetText(t, e.target),
    outcome: outcomeText(t, e.outcome),
  }))
}

const later = (user: Parameters<typeof ctxFor>[0], seconds: number) => ({ ...ctxFor(user), now: new Date(Date.now() + seconds * 1000) })

describe('the audit log in words (issue 35)', () => {
  it('says what an import and "add by email" came to, row by row, in both languages and in the CSV', async () => {
    const admin = await createUser({ name: 'Astrid Admin', locale: 'sv' })
    const member = await createUser({ name: 'Bo Medlem' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const row = (line: number, email: string, extra: object = {}) => ({ line, email, name: '', groups: [], groupCreator: false, ...extra })
    await applyRows(
      ctxFor(admin),
      org.id,
      [
        row(2, 'ny1@example.se'),
        row(3, 'ny2@example.se'),
        row(4, 'ny3@example.se'),
        row(5, 'inte-en-adress', { problem: 'INVALID_EMAIL' }),
        row(6, member.email),
      ],
      { createMissingGroups: false, auditAction: 'members.import' },
    )
    await addMembersByEmail(later(admin, 1), org.id, [member.email, 'ny1@example.se'])

    const sv = await logIn('sv', admin, org.id)
    expect(sv.map((e) => [e.action, e.outcome])).toEqual([
      ['members.addByEmail', 'Klart: 1 oförändrad, 1 redan inbjuden'],
      ['members.import', 'Delvis klart: 3 inbjudna, 1 oförändrad, 1 ogiltig'],
    ])
    const en = await logIn('en', admin, org.id)
    expect(en.map((e) => e.outcome)).toEqual(['Done: 1 unchanged, 1 already invited', 'Partly done: 3 invited, 1 unchanged, 1 not valid'])
    for (const text of [...sv, ...en].map((e) => e.outcome)) expect(text).not.toMatch(/[A-Z]{2,}_?[A-Z]*/)

    const res = (await csvRoute.loader(
      args(makeRequest(`/organizations/${org.id}/audit.csv`, { cookie: await sessionCookieFor(admin) }), { organizationId: org.id }),
    )) as Response
    const csv = new TextDecoder().decode(await res.arrayBuffer())
    expect(csv).toContain('Delvis klart: 3 inbjudna, 1 oförändrad, 1 ogiltig')
    expect(csv).not.toContain('INVITED')
  })

  it('names each kind’s target: deleted groups, open codes, invitations, what a code joined, the group left', async () => {
    const admin = await createUser({ name: 'Astrid Admin', locale: 'sv' })
    const pupil = await createUser({ name: 'Pelle Elev' })
    const newcomer = await createUser({ name: 'Nora Ny' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [pupil.id] })
    const art = await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id, memberIds: [pupil.id] })
    const music = await createGroup(org.id, { name: 'Musik 8B', ownerId: admin.id, memberIds: [pupil.id] })
    const doomed = await createGroup(org.id, { name: 'Gamla gruppen', ownerId: admin.id })

    const open = await createGroupInvitation(later(admin, 1), art.id, { type: 'open' })
    await createInvitation(later(admin, 2), org.id, { type: 'email', email: 'kalle@example.se', groupCreator: true })
    await createGroupInvitation(later(admin, 3), music.id, { type: 'email', email: 'lisa@example.se' })
    await redeemInvitationCode(later(newcomer, 4), open.code)
    await leaveGroup(later(pupil, 5), music.id)
    await removeGroupMember(later(admin, 6), art.id, { userId: pupil.id })
    await deleteGroups(later(admin, 7), org.id, [doomed.id])

    const sv = await logIn('sv', admin, org.id)
    expect(sv.map((e) => [e.action, e.target])).toEqual([
      ['groups.delete', 'Gamla gruppen'],
      ['group.member.remove', 'Pelle Elev i Bild 7A'],
      ['group.member.leave', 'Musik 8B'],
      ['invitation.redeem', 'Bild 7A'],
      ['invitation.create', 'lisa@example.se till Musik 8B'],
      ['invitation.create', 'kalle@example.se som gruppskapare'],
      ['invitation.create', 'Öppen kod till Bild 7A'],
    ])
    const en = await logIn('en', admin, org.id)
    expect(en.slice(1, 4).map((e) => e.target)).toEqual(['Pelle Elev in Bild 7A', 'Musik 8B', 'Bild 7A'])
    // The group's invitations went with it; the log says what they were.
    await deleteGroups(later(admin, 8), org.id, [art.id])
    const after = await logIn('en', admin, org.id)
    expect(after.find((e) => e.action === 'invitation.create' && e.target.startsWith('Open'))).toBeUndefined()
    expect(after.filter((e) => e.action === 'invitation.create').map((e) => e.target)).toContain('1 invitation no longer kept')
    expect(after.find((e) => e.action === 'invitation.redeem')?.target).toBe('1 invitation no longer kept')
    expect(after[0].target).toBe('Bild 7A')
  })
})
