import { describe, expect, it } from 'vitest'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { auditOutcome, latestAudit, startAudit } from '~/services/audit.server'
import { ctxFor } from '~/services/context.server'
import { deleteGroups, setGroupsActive } from '~/services/groups/group-bulk.server'
import { createGroupWithMembers } from '~/services/groups/group-with-members.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { removeMembers } from '~/services/members/member-removal.server'
import { renameOrganization } from '~/services/organizations/organizations.server'
import { createPlatformOrganization } from '~/services/platform/platform-organizations.server'
import { createUser } from '../../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { renderHtml, textOf } from '../../../../tests/support/render'
import { ActivitySection } from './overview-sections'

const ctx = (actor: User) => ctxFor(actor)

/** The activity list's rows as the home shows them: each row's text and the colour of its outcome. */
async function rows(actor: User, organizationId: string, locale: 'sv' | 'en' = 'en') {
  const html = await renderHtml(<ActivitySection activity={await latestAudit(ctx(actor), organizationId, 20)} />, locale)
  return [...html.matchAll(/<tr class="border-b border-slate-100 align-top">(.*?)<\/tr>/g)].map(([, row]) => ({
    text: textOf(row),
    tone: /<span class="font-medium (text-[a-z]+-800)">/.exec(row)?.[1],
  }))
}

async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ adminIds: [admin.id] })
  const member = await createUser({ name: 'Bo Medlem' })
  await addMember(org.id, member.id)
  return { admin, org, member }
}

describe('the audit list shows each action’s true outcome', () => {
  it('created a group: done, in green, with how many members were added (not "0 of 1 succeeded")', async () => {
    const { admin, org, member } = await setup()
    const outsider = await createUser()
    await createGroupWithMembers(ctx(admin), org.id, { name: 'Bild 7A', kind: 'standard', groupOwnerId: admin.id, memberIdsWithRoles: {} })
    const [alone] = await rows(admin, org.id)
    expect(alone).toEqual({ text: expect.stringMatching(/Created a group 1 Done$/), tone: 'text-green-800' })

    // One member of the organization added, one outsider not: the group is there, partly as asked.
    await createGroupWithMembers(ctx(admin), org.id, {
      name: 'Kören',
      kind: 'standard',
      groupOwnerId: admin.id,
      memberIdsWithRoles: { [member.id]: 'member', [outsider.id]: 'member' },
    })
    const [partly] = await rows(admin, org.id)
    expect(partly.tone).toBe('text-amber-800')
    expect(partly.text).toContain('Created a group 1 Done, with problems Members added: 1 of 2')
    expect(partly.text).toContain(tFor('en')('errors.MEMBER_NOT_FOUND'))
    const [sv] = await rows(admin, org.id, 'sv')
    expect(sv.text).toContain('Klart, med problem Medlemmar tillagda: 1 av 2')
  })

  it('bulk actions: all succeeded in green, some in amber with the failures, none in red', async () => {
    const { admin, org, member } = await setup()
    const g1 = await createGroup(org.id, { ownerId: admin.id })
    const g2 = await createGroup(org.id, { ownerId: member.id })
    await setGroupsActive(ctx(admin), org.id, [g1.id, g2.id], false)
    expect((await rows(admin, org.id))[0]).toEqual({
      text: expect.stringMatching(/Deactivated groups 2 2 of 2 succeeded$/),
      tone: 'text-green-800',
    })

    const other = await createUser()
    await addMember(org.id, other.id)
    await removeMembers(ctx(admin), org.id, [member.id, other.id])
    const [partly] = await rows(admin, org.id)
    expect(partly.tone).toBe('text-amber-800')
    expect(partly.text).toBe(
      `${partly.text.split(' Astrid Admin')[0]} Astrid Admin Removed members 2 Partly done: 1 of 2 succeeded ${tFor('en')(
        'orgHome.activity.failure',
        { message: tFor('en')('errors.IS_GROUP_OWNER'), count: 1 },
      )}`,
    )

    await removeMembers(ctx(admin), org.id, [member.id])
    expect((await rows(admin, org.id))[0]).toMatchObject({
      text: expect.stringContaining('Removed members 1 Not done: 0 of 1 succeeded'),
      tone: 'text-red-800',
    })
    const [sv] = await rows(admin, org.id, 'sv')
    expect(sv.text).toContain('Inte gjort: 0 av 1 lyckades')

    await deleteGroups(ctx(admin), org.id, [g1.id])
    expect((await rows(admin, org.id))[0]).toMatchObject({ text: expect.stringContaining('Deleted groups 1 Done'), tone: 'text-green-800' })
  })

  it('single changes recorded with their change are done: invitations, renames, the platform’s creation', async () => {
    const { admin, org } = await setup()
    await createInvitation(ctx(admin), org.id, { type: 'open', groupCreator: true })
    await renameOrganization(ctx(admin), org.id, 'Nytt namn')
    const [renamed, invited] = await rows(admin, org.id)
    expect(invited).toEqual({ text: expect.stringMatching(/Created an invitation 1 Done$/), tone: 'text-green-800' })
    expect(renamed).toEqual({ text: expect.stringMatching(/Renamed the organization 1 Done$/), tone: 'text-green-800' })

    const platformAdmin = await createUser({ is_platform_admin: 1 })
    const created = await createPlatformOrganization(ctx(platformAdmin), { name: 'Ny skola', adminEmail: admin.email })
    const [platform] = await rows(admin, created._id, 'sv')
    expect(platform).toEqual({ text: expect.stringMatching(/Skapade organisationen \(plattform\) 1 Klart$/), tone: 'text-green-800' })
  })

  it('an unfinished bulk action says what was handled, in amber', async () => {
    const { admin, org } = await setup()
    await startAudit(ctx(admin), { organizationId: org.id, action: 'members.remove', items: ['a', 'b', 'c'], result: { SUCCESS: 1 } })
    const [row] = await rows(admin, org.id)
    expect(row.tone).toBe('text-amber-800')
    expect(row.text).toContain('Removed members 3 Not finished: 1 of 3 succeeded')
    expect(row.text).toContain('1 of 3 items handled')
  })
})

describe('auditOutcome', () => {
  it('reads each kind of result', () => {
    const outcome = (result: Record<string, unknown>, itemCount = 1, finished = true) => auditOutcome({ result, itemCount, finished })
    expect(outcome({ members: { SUCCESS: 1 } })).toMatchObject({
      kind: 'success',
      single: true,
      succeeded: 1,
      total: 1,
      members: { succeeded: 1, total: 1 },
    })
    expect(outcome({ members: { SUCCESS: 1, MEMBER_NOT_FOUND: 2 } })).toMatchObject({
      kind: 'partial',
      members: { failures: [['MEMBER_NOT_FOUND', 2]] },
    })
    expect(outcome({ name: 'X', admin: 'u' })).toMatchObject({ kind: 'success', single: true })
    expect(outcome({ SUCCESS: 1, groupId: 'g' })).toMatchObject({ kind: 'success', single: true })
    expect(outcome({ SUCCESS: 3 }, 3)).toMatchObject({ kind: 'success', single: false, succeeded: 3, total: 3 })
    expect(outcome({ SUCCESS: 2, LAST_ADMIN: 1 }, 3)).toMatchObject({ kind: 'partial', failures: [['LAST_ADMIN', 1]] })
    expect(outcome({ LAST_ADMIN: 2 }, 2)).toMatchObject({ kind: 'failure', succeeded: 0, total: 2 })
    expect(outcome({ SUCCESS: 1 }, 4, false)).toMatchObject({ kind: 'unfinished', succeeded: 1, counted: 1, total: 4 })
  })
})

describe('the home’s list leads to the whole audit log', () => {
  it('has "Show all" to the organization’s audit log, in both languages, also when the list is empty', async () => {
    for (const [locale, text] of [
      ['en', 'Show all'],
      ['sv', 'Visa alla'],
    ] as const) {
      const html = await renderHtml(<ActivitySection activity={[]} auditHref="/organizations/o1/audit" />, locale)
      expect(html).toContain(
        `<a href="/organizations/o1/audit" data-discover="true" class="font-medium text-brand-700 underline">${text}</a>`,
      )
    }
  })
})
