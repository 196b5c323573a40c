import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { addSeconds } from '~/utils/ids.server'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser, lastMailTo, uniqueEmail } from '../../../tests/support/factories'
import { addMember, createGroup, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { createInvitation } from '../invitations/invitations.server'
import { isMember } from '../members/members.server'
import { addMembersByEmail } from './add-by-email.server'
import { applyMemberImport, discardMemberImport, IMPORT_UPLOAD_TTL_SECONDS, previewMemberImport, storeMemberImport } from './uploads.server'
import { xlsxOf } from '../../../tests/support/xlsx'

const ctx = (actor: User, now?: Date) => ({ ...ctxFor(actor), ...(now ? { now } : {}) })
const utf8 = (text: string) => new TextEncoder().encode(text)

/** An organization with an admin, a member (in group Kör), a group Orkester, and an outsider with an account. */
async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const member = await createUser({ name: 'Mats Medlem' })
  const outsider = await createUser({ name: 'Olle Utanför' })
  const org = await createOrganization({ name: 'Storkommunen', adminIds: [admin.id], memberIds: [member.id] })
  const kor = await createGroup(org.id, { ownerId: admin.id, name: 'Kör', memberIds: [member.id] })
  const orkester = await createGroup(org.id, { ownerId: admin.id, name: 'Orkester' })
  return { admin, member, outsider, org, kor, orkester }
}

const groupMembers = (groupId: string) =>
  db().selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', groupId).orderBy('user_id').execute()

const importFile = async (actor: User, orgId: string, text: string | Uint8Array, createMissingGroups = false) =>
  storeMemberImport(ctx(actor), orgId, {
    fileName: 'medlemmar.csv',
    bytes: typeof text === 'string' ? utf8(text) : text,
    createMissingGroups,
  })

describe('member import: preview', () => {
  it('says who is added, invited, changed, left alone, and each error with its reason; nothing changes', async () => {
    const { admin, member, outsider, org } = await setup()
    await createGroup(org.id, { ownerId: member.id, name: 'Scen' })
    const newcomer = uniqueEmail('ny')
    const file = [
      'e-post;namn;grupper;gruppskapare',
      `${outsider.email};Olle;Kör;ja`,
      `${newcomer};Nina Ny;;nej`,
      `${member.email};Mats;Kör;nej`,
      `${member.email.toUpperCase()};Mats igen;;`,
      `${admin.email};Astrid;Scen;`,
      'trasig-adress;X;;',
      `${uniqueEmail()};Y;Finns inte, Kör;`,
    ].join('\n')
    const id = await importFile(admin, org.id, file)
    const { upload, preview } = await previewMemberImport(ctx(admin), org.id, id)
    expect(upload).toMatchObject({ fileName: 'medlemmar.csv', applied: null, createMissingGroups: false })
    expect(preview!.rows.map((r) => [r.line, r.kind, r.problem ?? null])).toEqual([
      [2, 'add', null],
      [3, 'invite', null],
      [4, 'unchanged', null],
      [5, 'error', 'DUPLICATE_ROW'],
      [6, 'update', null],
      [7, 'error', 'INVALID_EMAIL'],
      [8, 'error', 'UNKNOWN_GROUP'],
    ])
    expect(preview!.rows[0]).toMatchObject({ name: 'Olle Utanför', joins: ['Kör'], becomesGroupCreator: true })
    expect(preview!.rows[4]).toMatchObject({ joins: ['Scen'], becomesGroupCreator: false })
    expect(preview!.rows[6].unknownGroups).toEqual(['Finns inte'])
    // No account ids reach the page.
    expect(preview!.rows.some((r) => 'userId' in r)).toBe(false)
    expect(preview!.counts).toEqual({ add: 1, invite: 1, update: 1, unchanged: 1, alreadyInvited: 0, error: 3 })
    expect(await isMember(db(), org.id, outsider.id)).toBe(false)
    expect(await lastMailTo(newcomer)).toBeUndefined()
  })

  it('turns unknown groups into groups to create when asked to', async () => {
    const { admin, org } = await setup()
    const id = await importFile(admin, org.id, `email,groups\n${uniqueEmail()},"Ny grupp; kör"\n${uniqueEmail()},ny GRUPP\n`, true)
    const { preview } = await previewMemberImport(ctx(admin), org.id, id)
    expect(preview!.rows.map((r) => r.kind)).toEqual(['invite', 'invite'])
    expect(preview!.newGroups).toEqual(['Ny grupp'])
  })

  it('keeps an upload for its admin only, in its organization, until it expires', async () => {
    const { admin, org } = await setup()
    const otherAdmin = await createUser()
    await addMember(org.id, otherAdmin.id, { role: 'admin' })
    const stranger = await createUser()
    const otherOrg = await createOrganization({ adminIds: [stranger.id] })
    const id = await importFile(admin, org.id, `email\n${uniqueEmail()}\n`)
    await expectCode(previewMemberImport(ctx(otherAdmin), org.id, id), 'IMPORT_NOT_FOUND')
    await expectCode(applyMemberImport(ctx(otherAdmin), org.id, id), 'IMPORT_NOT_FOUND')
    await expectCode(previewMemberImport(ctx(stranger), org.id, id), 'ORGANIZATION_NOT_FOUND')
    await expectCode(previewMemberImport(ctx(stranger), otherOrg.id, id), 'IMPORT_NOT_FOUND')
    await expectCode(applyMemberImport(ctx(stranger), otherOrg.id, id), 'IMPORT_NOT_FOUND')
    await expectCode(importFile(stranger, org.id, `email\n${uniqueEmail()}\n`), 'ORGANIZATION_NOT_FOUND')
    const later = addSeconds(new Date(), IMPORT_UPLOAD_TTL_SECONDS + 1)
    await expectCode(previewMemberImport(ctx(admin, later), org.id, id), 'IMPORT_NOT_FOUND')
    // The next upload of the organization takes the expired ones away.
    await storeMemberImport(ctx(admin, later), org.id, {
      fileName: 'b.csv',
      bytes: utf8(`email\n${uniqueEmail()}\n`),
      createMissingGroups: false,
    })
    expect(await db().selectFrom('member_imports').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
  })

  it('refuses a bad file and stores nothing; a plain member cannot upload', async () => {
    const { admin, member, org } = await setup()
    await expectCode(importFile(admin, org.id, 'namn\nAnna\n'), 'IMPORT_NO_EMAIL_COLUMN')
    await expectCode(importFile(member, org.id, `email\n${uniqueEmail()}\n`), 'ORGANIZATION_NOT_FOUND')
    expect(await db().selectFrom('member_imports').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })
})

describe('member import: apply', () => {
  it('adds, invites (by email, through the outbox), joins groups, makes group creators; a second import changes nothing', async () => {
    const { admin, member, outsider, org, kor, orkester } = await setup()
    const newcomer = uniqueEmail('ny')
    const file = [
      `email,name,groups,group creator`,
      `${outsider.email},Olle,"Kör,Orkester",yes`,
      `${newcomer},Nina Ny,Kör,no`,
      `${member.email},Mats,Orkester,yes`,
      'bad,X,,',
    ].join('\n')
    const id = await importFile(admin, org.id, file)
    const results = await applyMemberImport(ctx(admin), org.id, id)
    expect(results.map((r) => [r.email, r.result])).toEqual([
      [outsider.email, 'ADDED'],
      [newcomer, 'INVITED'],
      [member.email, 'UPDATED'],
      ['bad', 'INVALID_EMAIL'],
    ])
    expect(results[0]).toMatchObject({ name: 'Olle Utanför', joined: ['Kör', 'Orkester'] })
    const outsiderMembership = await db()
      .selectFrom('organization_members')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('user_id', '=', outsider.id)
      .executeTakeFirstOrThrow()
    expect(outsiderMembership).toMatchObject({ role: 'member' })
    expect(Number(outsiderMembership.is_group_creator)).toBe(1)
    const memberRow = await db()
      .selectFrom('organization_members')
      .select('is_group_creator')
      .where('organization_id', '=', org.id)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(Number(memberRow.is_group_creator)).toBe(1)
    expect((await groupMembers(kor.id)).map((m) => m.user_id).sort()).toEqual([admin.id, member.id, outsider.id].sort())
    expect((await groupMembers(orkester.id)).map((m) => m.user_id).sort()).toEqual([admin.id, member.id, outsider.id].sort())
    for (const g of [kor, orkester]) {
      const counts = await groupMemberCounts(g.id)
      expect(counts.memberCount).toBe(counts.rows)
    }
    const invitation = await db().selectFrom('invitations').selectAll().where('email', '=', newcomer).executeTakeFirstOrThrow()
    expect(invitation).toMatchObject({ organization_id: org.id, group_id: null, type: 'email', created_by: admin.id })
    expect(Number(invitation.group_creator)).toBe(0)
    const mail = await lastMailTo(newcomer)
    expect(mail?.subject).toBe('Du är inbjuden till Storkommunen')
    expect(mail?.text_body).toContain('Astrid Admin har bjudit in dig att bli medlem i organisationen Storkommunen')
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'members.import')
      .executeTakeFirstOrThrow()
    expect(audit.actor_id).toBe(admin.id)
    expect(JSON.parse(audit.result)).toMatchObject({ ADDED: 1, INVITED: 1, UPDATED: 1, INVALID_EMAIL: 1, fileName: 'medlemmar.csv' })

    // Confirming the same upload again answers the same and does nothing.
    expect(await applyMemberImport(ctx(admin), org.id, id)).toEqual(results)
    // Importing the same file again: nothing changes, no second email.
    const mails = async () =>
      Number(
        (
          await db()
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = {
      mails: await mails(),
      invitations: (await db().selectFrom('invitations').select('id').where('organization_id', '=', org.id).execute()).length,
    }
    const again = await importFile(admin, org.id, file)
    const second = await applyMemberImport(ctx(admin), org.id, again)
    expect(second.map((r) => r.result)).toEqual(['UNCHANGED', 'ALREADY_INVITED', 'UNCHANGED', 'INVALID_EMAIL'])
    expect(await mails()).toBe(before.mails)
    expect((await db().selectFrom('invitations').select('id').where('organization_id', '=', org.id).execute()).length).toBe(
      before.invitations,
    )
  })

  it('creates missing groups once, owned by the admin, from an .xlsx', async () => {
    const { admin, outsider, org } = await setup()
    const bytes = await xlsxOf([
      ['E-post', 'Namn', 'Grupper'],
      [outsider.email, 'Olle', 'Scouter'],
    ])
    const id = await storeMemberImport(ctx(admin), org.id, { fileName: 'lista.xlsx', bytes, createMissingGroups: true })
    expect((await applyMemberImport(ctx(admin), org.id, id)).map((r) => r.result)).toEqual(['ADDED'])
    const groups = await db().selectFrom('groups').selectAll().where('organization_id', '=', org.id).where('name', '=', 'Scouter').execute()
    expect(groups).toHaveLength(1)
    expect(groups[0].owner_id).toBe(admin.id)
    expect((await groupMembers(groups[0].id)).map((m) => [m.user_id, m.role]).sort()).toEqual(
      [
        [admin.id, 'owner'],
        [outsider.id, 'member'],
      ].sort(),
    )
    expect(await groupMemberCounts(groups[0].id)).toEqual({ rows: 2, memberCount: 2 })
    const again = await storeMemberImport(ctx(admin), org.id, { fileName: 'lista.xlsx', bytes, createMissingGroups: true })
    expect((await applyMemberImport(ctx(admin), org.id, again)).map((r) => r.result)).toEqual(['UNCHANGED'])
    expect(
      await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).where('name', '=', 'Scouter').execute(),
    ).toHaveLength(1)
  })

  it('applies nothing in an inactive organization, and leaves the upload to be confirmed later', async () => {
    const { admin, outsider, org } = await setup()
    const id = await importFile(admin, org.id, `email\n${outsider.email}\n`)
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    await expectCode(applyMemberImport(ctx(admin), org.id, id), 'ORGANIZATION_INACTIVE')
    expect(await isMember(db(), org.id, outsider.id)).toBe(false)
    await db().updateTable('organizations').set({ active: 1 }).where('id', '=', org.id).execute()
    expect((await applyMemberImport(ctx(admin), org.id, id)).map((r) => r.result)).toEqual(['ADDED'])
  })

  it('a pending invitation made on the group creators page counts as invited; discard drops an upload', async () => {
    const { admin, org } = await setup()
    const email = uniqueEmail()
    await createInvitation(ctx(admin), org.id, { type: 'email', email, groupCreator: true })
    const id = await importFile(admin, org.id, `email\n${email}\n`)
    expect((await previewMemberImport(ctx(admin), org.id, id)).preview!.rows[0].kind).toBe('alreadyInvited')
    await discardMemberImport(ctx(admin), org.id, id)
    await expectCode(previewMemberImport(ctx(admin), org.id, id), 'IMPORT_NOT_FOUND')
  })
})

describe('addMembersByEmail', () => {
  it('adds accounts at once, invites the others, says so per address; again changes nothing', async () => {
    const { admin, member, outsider, org } = await setup()
    const newcomer = uniqueEmail('ny')
    const results = await addMembersByEmail(ctx(admin), org.id, [outsider.email, newcomer, member.email, 'nope@', newcomer])
    expect(results.map((r) => [r.email, r.result])).toEqual([
      [outsider.email, 'ADDED'],
      [newcomer, 'INVITED'],
      [member.email, 'UNCHANGED'],
      ['nope@', 'INVALID_EMAIL'],
      [newcomer, 'DUPLICATE_ROW'],
    ])
    expect(await isMember(db(), org.id, outsider.id)).toBe(true)
    expect((await lastMailTo(newcomer))?.subject).toContain('Storkommunen')
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'members.addByEmail')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.items)).toContain(outsider.id)
    const again = await addMembersByEmail(ctx(admin), org.id, [outsider.email, newcomer])
    expect(again.map((r) => r.result)).toEqual(['UNCHANGED', 'ALREADY_INVITED'])
  })

  it('is refused to anyone but the organization’s admins, and changes nothing', async () => {
    const { member, outsider, org } = await setup()
    const stranger = await createUser()
    await createOrganization({ adminIds: [stranger.id] })
    for (const actor of [member, stranger])
      await expectCode(addMembersByEmail(ctx(actor), org.id, [outsider.email]), 'ORGANIZATION_NOT_FOUND')
    expect(await isMember(db(), org.id, outsider.id)).toBe(false)
  })
})
