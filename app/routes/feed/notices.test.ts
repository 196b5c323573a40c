import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { ALERT_TEMPLATES, EMAIL_ONLY_TEMPLATES } from '~/services/alerts/alert-templates'
import { ctxFor, type Ctx } from '~/services/context.server'
import { FEED_PAGE_SIZE, feedPage } from '~/services/alerts/feed.server'
import { deleteGroups } from '~/services/groups/group-bulk.server'
import { addGroupCreators, removeGroupCreators } from '~/services/members/group-creators.server'
import { changeMemberRole, removeGroupMember } from '~/services/groups/group-home.server'
import { changeGroupOwners } from '~/services/groups/group-owners.server'
import { createGroupWithMembers } from '~/services/groups/group-with-members.server'
import { createGroupInvitation } from '~/services/invitations/invitations.server'
import { acceptInvitation, inviteCollaborator, resendInvitation } from '~/services/library/collaborator-invitations.server'
import { changeCollaboratorAccess, handOverPackage, removeCollaborator } from '~/services/library/collaborators.server'
import { deletePackage } from '~/services/library/packages.server'
import { insertAlert } from '../../../tests/support/alert-factories'
import { createUser } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { renderFeed } from './alert-text.server'

/*
 * Each kind of notice, written by the service that reports the event, as each user sees it in
 * both languages through the real messages: its sentence, where it leads now, and "no longer
 * available" once its target is gone or no longer theirs to see.
 */

const ctx = (actor: User, now = new Date()): Ctx => ({ ...ctxFor(actor), now })

interface Seen {
  text: string
  href: string | null
  note: string | null
}

/** The user's notices, newest first, in both languages (the same alerts, the same links). */
async function noticesOf(user: User) {
  const page = await feedPage(ctxFor(user), { cursor: null })
  const [en, sv] = (['en', 'sv'] as const).map((locale) =>
    renderFeed(page, locale).days.flatMap((d) => d.alerts.map((a): Seen => ({ text: a.text, href: a.href, note: a.note }))),
  )
  for (const n of [...en!, ...sv!]) {
    expect(n.text).not.toMatch(/\{\{|\}\}|undefined|null|alerts\.|\$t\(/)
    expect(n.text).not.toBe('')
  }
  return { en: en!, sv: sv! }
}

/** The newest notice of the user, in English and Swedish. */
async function newest(user: User) {
  const { en, sv } = await noticesOf(user)
  return { en: en[0]!, sv: sv[0]! }
}

const alertCount = async (userId: string) =>
  Number(
    (
      await db()
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  )

const gone = { en: '(no longer available)', sv: '(inte längre tillgänglig)' }

async function school() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const owner = await createUser({ name: 'Erik Ek' })
  const member = await createUser({ name: 'Mia Medlem' })
  const leader = await createUser({ name: 'Leo Ledare' })
  const creator = await createUser({ name: 'Gustav Skapare' })
  const stranger = await createUser({ name: 'Sten Främling' })
  const org = await createOrganization({ name: 'Skolan', adminIds: [admin.id], memberIds: [owner.id, member.id, leader.id, creator.id] })
  return { admin, owner, member, leader, creator, stranger, org }
}

describe('group notices', () => {
  it('say who did what to which group, lead to its home while the user may see it, and say when it is gone', async () => {
    const { admin, owner, member, leader, stranger, org } = await school()
    const created = await createGroupWithMembers(ctx(admin), org.id, {
      name: 'Bild 7A',
      kind: 'standard',
      groupOwnerId: owner.id,
      memberIdsWithRoles: { [member.id]: 'member', [leader.id]: 'leader' },
    })
    const groupId = created.group._id
    const home = `/groups/${groupId}/home`

    // One event, one alert each: added with the role they were given.
    for (const u of [owner, member, leader]) expect(await alertCount(u.id)).toBe(1)
    expect(await newest(member)).toEqual({
      en: { text: 'Astrid Admin added you to Bild 7A.', href: home, note: null },
      sv: { text: 'Astrid Admin lade till dig i Bild 7A.', href: home, note: null },
    })
    expect((await newest(leader)).en.text).toBe('Astrid Admin added you to Bild 7A as leader.')
    expect((await newest(leader)).sv.text).toBe('Astrid Admin lade till dig i Bild 7A som ledare.')
    expect((await newest(owner)).en).toEqual({ text: 'Astrid Admin added you to Bild 7A as owner.', href: home, note: null })
    expect((await newest(owner)).sv.text).toBe('Astrid Admin lade till dig i Bild 7A som ägare.')

    // A role change: the role named in the user's language.
    await changeMemberRole(ctx(owner), groupId, { userId: member.id, role: 'leader' })
    expect(await alertCount(member.id)).toBe(2)
    expect(await newest(member)).toEqual({
      en: { text: 'Your role in Bild 7A is now leader.', href: home, note: null },
      sv: { text: 'Din roll i Bild 7A är nu ledare.', href: home, note: null },
    })

    // A removed member: told so without a link; the older notice of the group is no longer available.
    await removeGroupMember(ctx(owner), groupId, { userId: leader.id })
    const removed = await noticesOf(leader)
    expect(removed.en).toEqual([
      { text: 'Erik Ek removed you from Bild 7A.', href: null, note: null },
      { text: 'Astrid Admin added you to Bild 7A as leader.', href: null, note: gone.en },
    ])
    expect(removed.sv.map((n) => [n.text, n.note])).toEqual([
      ['Erik Ek tog bort dig från Bild 7A.', null],
      ['Astrid Admin lade till dig i Bild 7A som ledare.', gone.sv],
    ])

    // A new owner and the old one, who stays a member.
    await changeGroupOwners(ctx(admin), org.id, [{ groupId, newOwnerId: member.id, oldOwnerRole: 'member' }])
    expect(await newest(member)).toEqual({
      en: { text: 'Astrid Admin made you the owner of Bild 7A.', href: home, note: null },
      sv: { text: 'Astrid Admin gjorde dig till ägare av Bild 7A.', href: home, note: null },
    })
    expect(await newest(owner)).toEqual({
      en: { text: 'Astrid Admin gave Bild 7A a new owner; you are now member.', href: home, note: null },
      sv: { text: 'Astrid Admin gav Bild 7A en ny ägare; du är nu medlem.', href: home, note: null },
    })
    // An old owner who leaves the group with the change.
    await changeGroupOwners(ctx(admin), org.id, [{ groupId, newOwnerId: owner.id, oldOwnerRole: 'REMOVE' }])
    expect(await newest(member)).toEqual({
      en: { text: 'Astrid Admin gave Bild 7A a new owner; you are no longer a member.', href: null, note: gone.en },
      sv: { text: 'Astrid Admin gav Bild 7A en ny ägare; du är inte längre medlem.', href: null, note: gone.sv },
    })

    // An admin of the organization sees every group of it; a stranger sees none.
    const about = {
      template: 'group.member.added',
      targetType: 'group',
      targetId: groupId,
      actorId: owner.id,
      data: { groupName: 'Bild 7A' },
    }
    await insertAlert(admin.id, about)
    await insertAlert(stranger.id, about)
    expect((await newest(admin)).en).toEqual({ text: 'Erik Ek added you to Bild 7A.', href: home, note: null })
    expect((await newest(stranger)).en).toEqual({ text: 'Erik Ek added you to Bild 7A.', href: null, note: gone.en })

    // The group deleted: nobody's notice of it links anywhere.
    await deleteGroups(ctx(admin), org.id, [groupId])
    for (const u of [owner, admin]) {
      const { en, sv } = await noticesOf(u)
      expect(en.every((n) => n.href === null && n.note === gone.en)).toBe(true)
      expect(sv.every((n) => n.href === null && n.note === gone.sv)).toBe(true)
    }
  })

  it('an invitation leads to the inbox while it waits, to the group once accepted, and is no longer available when revoked', async () => {
    const { admin, owner, member, org } = await school()
    const invitee = await createUser({ name: 'Emma Inbjuden', locale: 'sv' })
    const created = await createGroupWithMembers(ctx(admin), org.id, {
      name: 'Musik 8B',
      kind: 'standard',
      groupOwnerId: owner.id,
      memberIdsWithRoles: {},
    })
    const groupId = created.group._id
    const { invitation } = await createGroupInvitation(ctx(owner), groupId, { type: 'email', email: invitee.email })
    expect(await alertCount(invitee.id)).toBe(1)
    expect(await newest(invitee)).toEqual({
      en: { text: 'Erik Ek invited you to Musik 8B.', href: '/invitations#groups', note: null },
      sv: { text: 'Erik Ek bjöd in dig till Musik 8B.', href: '/invitations#groups', note: null },
    })

    // Accepted (the invitation used, the user a member): the notice leads to the group.
    await db()
      .updateTable('invitations')
      .set({ used_at: new Date().toISOString(), used_by: invitee.id })
      .where('id', '=', invitation._id)
      .execute()
    await db()
      .insertInto('organization_members')
      .values({ organization_id: org.id, user_id: invitee.id, created_at: new Date().toISOString() })
      .execute()
    await db()
      .insertInto('group_members')
      .values({ group_id: groupId, user_id: invitee.id, role: 'member', created_at: new Date().toISOString() })
      .execute()
    expect((await newest(invitee)).en.href).toBe(`/groups/${groupId}/home`)

    // Revoked before an answer: nothing to open.
    const second = await createGroupInvitation(ctx(owner), groupId, { type: 'email', email: member.email })
    expect((await newest(member)).en.href).toBe('/invitations#groups')
    await db().updateTable('invitations').set({ revoked_at: new Date().toISOString() }).where('id', '=', second.invitation._id).execute()
    expect(await newest(member)).toEqual({
      en: { text: 'Erik Ek invited you to Musik 8B.', href: null, note: gone.en },
      sv: { text: 'Erik Ek bjöd in dig till Musik 8B.', href: null, note: gone.sv },
    })
  })
})

describe('organization notices', () => {
  it('lead a group creator and an admin to the organization; a former group creator and a stranger to nothing', async () => {
    const { admin, creator, stranger, org } = await school()
    await addGroupCreators(ctx(admin), org.id, [creator.id])
    expect(await alertCount(creator.id)).toBe(1)
    const page = `/organizations/${org.id}`
    expect(await newest(creator)).toEqual({
      en: { text: 'Astrid Admin made you a group creator in Skolan.', href: page, note: null },
      sv: { text: 'Astrid Admin gjorde dig till gruppskapare i Skolan.', href: page, note: null },
    })
    const about = {
      template: 'organization.groupCreator.added',
      targetType: 'organization',
      targetId: org.id,
      data: { organizationName: 'Skolan' },
    }
    await insertAlert(admin.id, about)
    expect((await newest(admin)).en).toEqual({ text: 'Someone made you a group creator in Skolan.', href: page, note: null })
    await insertAlert(stranger.id, about)
    expect((await newest(stranger)).sv).toEqual({ text: 'Någon gjorde dig till gruppskapare i Skolan.', href: null, note: gone.sv })

    await removeGroupCreators(ctx(admin), org.id, [creator.id])
    expect((await newest(creator)).en).toEqual({ text: 'Astrid Admin made you a group creator in Skolan.', href: null, note: gone.en })
  })
})

describe('package notices', () => {
  it('an invitation leads to the inbox, then to the package; sharing, edit access and a hand-over say so; a removed or deleted package is no longer available', async () => {
    const owner = await createUser({ name: 'Astrid Admin' })
    const emma = await createUser({ name: 'Emma Elev' })
    const viewer = await createUser({ name: 'Vera Viewer' })
    const stranger = await createUser({ name: 'Sten Främling' })
    const pkg = await createPackage({ ownerId: owner.id, name: 'Föräldramöte', collaborators: [{ userId: viewer.id, access: 'view' }] })
    const view = `/library/packages/view/${pkg.id}`

    const t0 = new Date('2026-11-24T10:00:00Z')
    const invitation = await inviteCollaborator(ctx(owner, t0), { packageId: pkg.id, email: emma.email, access: 'view' })
    // A resend a minute later is another email, not another notice.
    await resendInvitation(ctx(owner, new Date('2026-11-24T10:01:00Z')), { packageId: pkg.id, invitationId: invitation.id })
    expect(await alertCount(emma.id)).toBe(1)
    expect(await newest(emma)).toEqual({
      en: { text: 'Astrid Admin invited you to the package Föräldramöte.', href: '/invitations#packages', note: null },
      sv: { text: 'Astrid Admin bjöd in dig till paketet Föräldramöte.', href: '/invitations#packages', note: null },
    })
    await acceptInvitation(ctx(emma), invitation.id)
    expect((await newest(emma)).en).toEqual({ text: 'Astrid Admin invited you to the package Föräldramöte.', href: view, note: null })

    await changeCollaboratorAccess(ctx(owner), { packageId: pkg.id, userId: emma.id, access: 'edit' })
    expect(await newest(emma)).toEqual({
      en: { text: 'Astrid Admin gave you edit access to the package Föräldramöte.', href: view, note: null },
      sv: { text: 'Astrid Admin gav dig rätt att redigera paketet Föräldramöte.', href: view, note: null },
    })
    await handOverPackage(ctx(owner), { packageId: pkg.id, userId: emma.id })
    expect(await newest(emma)).toEqual({
      en: { text: 'Astrid Admin handed the package Föräldramöte over to you.', href: view, note: null },
      sv: { text: 'Astrid Admin lämnade över paketet Föräldramöte till dig.', href: view, note: null },
    })

    // A viewer told of the package, then removed; a stranger who never had it.
    const about = {
      template: 'package.shared',
      targetType: 'package',
      targetId: pkg.id,
      actorId: owner.id,
      data: { packageName: 'Föräldramöte', access: 'view' },
    }
    await insertAlert(viewer.id, about)
    await insertAlert(stranger.id, about)
    expect((await newest(viewer)).en).toEqual({ text: 'Astrid Admin shared the package Föräldramöte with you.', href: view, note: null })
    expect((await newest(viewer)).sv.text).toBe('Astrid Admin delade paketet Föräldramöte med dig.')
    expect((await newest(stranger)).en).toEqual({
      text: 'Astrid Admin shared the package Föräldramöte with you.',
      href: null,
      note: gone.en,
    })
    await removeCollaborator(ctx(emma), { packageId: pkg.id, userId: viewer.id })
    expect((await newest(viewer)).sv).toEqual({ text: 'Astrid Admin delade paketet Föräldramöte med dig.', href: null, note: gone.sv })

    await deletePackage(ctx(emma), pkg.id)
    const { en } = await noticesOf(emma)
    expect(en.every((n) => n.href === null && n.note === gone.en)).toBe(true)
  })

  it('a draft is for its editors only: a viewer of a draft has nothing to open', async () => {
    const owner = await createUser({ name: 'Olga Owner' })
    const viewer = await createUser()
    const editor = await createUser()
    const pkg = await createPackage({
      ownerId: owner.id,
      status: 'draft',
      collaborators: [
        { userId: viewer.id, access: 'view' },
        { userId: editor.id, access: 'edit' },
      ],
    })
    const about = { template: 'package.shared', targetType: 'package', targetId: pkg.id, data: { packageName: 'Utkast', access: 'view' } }
    await insertAlert(viewer.id, about)
    await insertAlert(editor.id, about)
    expect((await newest(viewer)).en.href).toBeNull()
    expect((await newest(editor)).en.href).toBe(`/library/packages/view/${pkg.id}`)
  })
})

describe('older notices without names', () => {
  it('every template still reads as a sentence in both languages', async () => {
    const user = await createUser()
    for (const template of ALERT_TEMPLATES.filter((t) => !EMAIL_ONLY_TEMPLATES.includes(t))) {
      const targetType = template.startsWith('package') ? 'package' : template.startsWith('organization') ? 'organization' : 'group'
      await insertAlert(user.id, { template, targetType, data: {} })
    }
    const { en, sv } = await noticesOf(user)
    expect(en.map((n) => n.text).sort()).toEqual(
      [
        'Someone added you to a group.',
        'Someone changed your role in a group.',
        'Someone removed you from a group.',
        'Someone changed the owner of a group.',
        'Someone invited you to a group.',
        'Someone made you a group creator in an organization.',
        'Someone invited you to the package without a name.',
        'Someone shared the package without a name with you.',
        'Someone wrote a loop on a task in a group.',
        'Someone commented on your loop on a task in a group.',
        'Someone approved your loop on a task in a group.',
        "Loops in a group will soon be removed, as the group's retention period ends.",
      ].sort(),
    )
    expect(sv.map((n) => n.text).sort()).toEqual(
      [
        'Någon lade till dig i en grupp.',
        'Någon ändrade din roll i en grupp.',
        'Någon tog bort dig från en grupp.',
        'Någon bytte ägare för en grupp.',
        'Någon bjöd in dig till en grupp.',
        'Någon gjorde dig till gruppskapare i en organisation.',
        'Någon bjöd in dig till paketet utan namn.',
        'Någon delade paketet utan namn med dig.',
        'Någon skrev en loop om en uppgift i en grupp.',
        'Någon kommenterade din loop om en uppgift i en grupp.',
        'Någon godkände din loop om en uppgift i en grupp.',
        'Loopar i en grupp tas snart bort när gruppens gallringstid går ut.',
      ].sort(),
    )
    // Their targets do not exist: none links anywhere, each says so (a removal needs no note).
    expect(en.filter((n) => n.href !== null)).toEqual([])
    expect(en.filter((n) => n.note === null).map((n) => n.text)).toEqual(['Someone removed you from a group.'])
  })
})

/** Counts the statements a Kysely instance runs. */
class QueryCounter implements KyselyPlugin {
  count = 0
  transformQuery(args: PluginTransformQueryArgs) {
    this.count++
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result
  }
}

describe('a page of the feed', () => {
  it('decides where its alerts lead with a query per kind of target, however many alerts it shows', async () => {
    const { admin, org } = await school()
    const owner = await createUser()
    for (let i = 0; i < FEED_PAGE_SIZE; i++) {
      const kind = i % 3
      const targetId =
        kind === 0
          ? (await createGroupWithMembers(ctx(admin), org.id, { kind: 'standard', groupOwnerId: admin.id, memberIdsWithRoles: {} })).group
              ._id
          : kind === 1
            ? (await createPackage({ ownerId: owner.id, collaborators: [{ userId: admin.id, access: 'view' }] })).id
            : org.id
      const template = ['group.member.added', 'package.invitation.new', 'organization.groupCreator.added'][kind]!
      await insertAlert(admin.id, { template, targetType: ['group', 'package', 'organization'][kind], targetId, data: {} })
    }
    const counter = new QueryCounter()
    const page = await feedPage({ ...ctxFor(admin), db: db().withPlugin(counter) }, { cursor: null })
    const alerts = page.days.flatMap((d) => d.alerts)
    expect(alerts).toHaveLength(FEED_PAGE_SIZE)
    expect(alerts.every((a) => a.destination.kind !== 'gone')).toBe(true)
    // The page itself, then groups, packages, package invitations and organizations: one each.
    expect(counter.count).toBeGreaterThan(1)
    expect(counter.count).toBeLessThanOrEqual(5)
  })
})
