import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage } from '../support/e2e/library'
import {
  addMember,
  appDb,
  deleteGroupRow,
  insertGroup,
  insertInvitation,
  insertOrganization,
  insertUser,
  signIn,
  tag,
  type DbUser,
} from '../support/e2e/orgs'

/*
 * Notices that say what happened (issue 23): each kind of alert, as its service writes it, reads
 * as its own sentence in the feed and leads where the user can act; a notice whose target is gone
 * says so instead of linking to a 404. Every link of the feed is followed, with and without
 * JavaScript.
 */

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/** An alert row as the services write it (createAlerts). */
function insertAlert(
  user: DbUser,
  alert: { template: string; actor: DbUser | null; target: [string, string]; data: object; minutesAgo: number },
) {
  appDb()
    .prepare(
      `insert into alerts (id, user_id, template, actor_id, organization_id, target_type, target_id, data, created_at)
       values (?, ?, ?, ?, null, ?, ?, ?, ?)`,
    )
    .run(
      randomBytes(12).toString('hex'),
      user.id,
      alert.template,
      alert.actor?.id ?? null,
      alert.target[0],
      alert.target[1],
      JSON.stringify(alert.data),
      ago(alert.minutesAgo),
    )
}

function deletePackageRow(packageId: string) {
  appDb().prepare('delete from packages where id = ?').run(packageId)
}

/**
 * Mia, a leader of Bild 7A and the admin of her school, has one notice of each kind: what each
 * should say (newest first) and where it should lead (`null`: no link; `gone`: "no longer available").
 */
async function miasWorld(locale: 'sv' | 'en') {
  const t = tag()
  const mia = await insertUser({ name: `Mia Medlem ${t}`, locale })
  const erik = await insertUser({ name: `Erik Ek ${t}` })
  const astrid = await insertUser({ name: `Astrid Admin ${t}` })
  const org = insertOrganization(`Skolan ${t}`)
  addMember(org.id, mia.id, { role: 'admin' })
  // The groups are of another organization, where Mia is a plain member (an admin sees every group).
  const groupsOrg = insertOrganization(`Kommunen ${t}`)
  const group = insertGroup(groupsOrg.id, { name: `Bild 7A ${t}`, owner: erik, members: [[mia, 'leader']] })
  const other = insertGroup(groupsOrg.id, { name: `Musik 8B ${t}`, owner: erik })
  const deleted = insertGroup(groupsOrg.id, { name: `Slöjd 9C ${t}`, owner: erik, members: [mia] })
  deleteGroupRow(deleted.id)
  const invitingGroup = insertGroup(groupsOrg.id, { name: `Schack ${t}`, owner: erik })
  insertInvitation({
    organizationId: groupsOrg.id,
    groupId: invitingGroup.id,
    type: 'email',
    email: mia.email,
    groupCreator: false,
    createdBy: erik.id,
  })
  const shared = insertPackage({ ownerId: astrid.id, name: `Föräldramöte ${t}`, collaborators: [{ userId: mia.id, access: 'view' }] })
  const invited = insertPackage({ ownerId: astrid.id, name: `Skolstart ${t}` })
  appDb()
    .prepare(
      `insert into package_invitations (id, package_id, email, access, invited_by, user_id, status, created_at, sent_at) values (?, ?, ?, 'view', ?, ?, 'pending', ?, ?)`,
    )
    .run(randomBytes(12).toString('hex'), invited.id, mia.email, astrid.id, mia.id, ago(5), ago(5))
  const removedPackage = insertPackage({ ownerId: astrid.id, name: `Borttaget ${t}`, collaborators: [{ userId: mia.id, access: 'view' }] })
  deletePackageRow(removedPackage.id)

  const notices = [
    { template: 'group.member.added', actor: erik, target: ['group', group.id], data: { groupName: group.name, role: 'leader' } },
    { template: 'group.role.changed', actor: erik, target: ['group', group.id], data: { groupName: group.name, role: 'leader' } },
    { template: 'group.member.removed', actor: erik, target: ['group', other.id], data: { groupName: other.name } },
    { template: 'group.owner.changed', actor: astrid, target: ['group', deleted.id], data: { groupName: deleted.name, role: 'owner' } },
    { template: 'group.invitation.new', actor: erik, target: ['group', invitingGroup.id], data: { groupName: invitingGroup.name } },
    { template: 'organization.groupCreator.added', actor: astrid, target: ['organization', org.id], data: { organizationName: org.name } },
    {
      template: 'package.invitation.new',
      actor: astrid,
      target: ['package', invited.id],
      data: { packageName: invited.name, access: 'view' },
    },
    { template: 'package.shared', actor: astrid, target: ['package', shared.id], data: { packageName: shared.name, access: 'view' } },
    {
      template: 'package.shared',
      actor: astrid,
      target: ['package', removedPackage.id],
      data: { packageName: removedPackage.name, access: 'edit' },
    },
  ] as const
  notices.forEach((n, i) => insertAlert(mia, { ...n, target: [...n.target], minutesAgo: notices.length - i }))

  const sv = {
    texts: [
      `Astrid Admin ${t} gav dig rätt att redigera paketet ${removedPackage.name}.`,
      `Astrid Admin ${t} delade paketet ${shared.name} med dig.`,
      `Astrid Admin ${t} bjöd in dig till paketet ${invited.name}.`,
      `Astrid Admin ${t} gjorde dig till gruppskapare i ${org.name}.`,
      `Erik Ek ${t} bjöd in dig till ${invitingGroup.name}.`,
      `Astrid Admin ${t} gjorde dig till ägare av ${deleted.name}.`,
      `Erik Ek ${t} tog bort dig från ${other.name}.`,
      `Din roll i ${group.name} är nu ledare.`,
      `Erik Ek ${t} lade till dig i ${group.name} som ledare.`,
    ],
    gone: '(inte längre tillgänglig)',
  }
  const en = {
    texts: [
      `Astrid Admin ${t} gave you edit access to the package ${removedPackage.name}.`,
      `Astrid Admin ${t} shared the package ${shared.name} with you.`,
      `Astrid Admin ${t} invited you to the package ${invited.name}.`,
      `Astrid Admin ${t} made you a group creator in ${org.name}.`,
      `Erik Ek ${t} invited you to ${invitingGroup.name}.`,
      `Astrid Admin ${t} made you the owner of ${deleted.name}.`,
      `Erik Ek ${t} removed you from ${other.name}.`,
      `Your role in ${group.name} is now leader.`,
      `Erik Ek ${t} added you to ${group.name} as leader.`,
    ],
    gone: '(no longer available)',
  }
  const home = `/groups/${group.id}/home`
  // Where each leads (same order): a page and the name it shows, the inbox, nothing, or gone.
  const leads: ({ href: string; heading: string } | { inbox: string } | 'none' | 'gone')[] = [
    'gone',
    { href: `/library/packages/view/${shared.id}`, heading: shared.name },
    { inbox: '/invitations#packages' },
    { href: `/organizations/${org.id}`, heading: org.name },
    { inbox: '/invitations#groups' },
    'gone',
    'none',
    { href: home, heading: group.name },
    { href: home, heading: group.name },
  ]
  return { mia, words: locale === 'sv' ? sv : en, leads }
}

/**
 * Reads the feed's items (axe on the page, where scripts run) and follows each link: it must
 * answer 200 and show its page, not the not-found screen. The inbox (`/invitations`, built beside this work) is checked by its address.
 */
async function checkFeed(page: Page, world: Awaited<ReturnType<typeof miasWorld>>, locale: 'sv' | 'en', withAxe: boolean) {
  const notFound = locale === 'sv' ? 'Sidan hittades inte' : 'Page not found'
  await page.goto('/')
  const items = page.locator('main section[aria-labelledby^="day-"] li')
  await expect(items).toHaveCount(world.words.texts.length)
  if (withAxe) expect(await seriousViolations(page)).toEqual([])
  for (const [i, text] of world.words.texts.entries()) {
    const item = items.nth(i)
    await expect(item).toContainText(text)
    await expect(item).not.toContainText('{{')
    const lead = world.leads[i]!
    const link = item.getByRole('link')
    if (lead === 'none' || lead === 'gone') {
      await expect(link).toHaveCount(0)
      if (lead === 'gone') await expect(item).toContainText(`${text} ${world.words.gone}`)
      else await expect(item).not.toContainText(world.words.gone)
      continue
    }
    await expect(link).toHaveAccessibleName(text)
    if ('inbox' in lead) {
      await expect(link).toHaveAttribute('href', lead.inbox)
      continue
    }
    await expect(link).toHaveAttribute('href', lead.href)
    expect((await page.request.get(lead.href)).status(), lead.href).toBe(200)
    await link.click()
    await expect(page).toHaveURL(lead.href)
    await expect(page.getByRole('main')).toContainText(lead.heading)
    await expect(page.getByRole('heading', { name: notFound })).toHaveCount(0)
    await page.goto('/')
  }
}

test('each notice says what happened and leads where the user can act, or says it is gone (en)', async ({ page }) => {
  const world = await miasWorld('en')
  await signIn(page, world.mia)
  await checkFeed(page, world, 'en', true)
})

test('without JavaScript each notice reads and leads the same (sv)', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const world = await miasWorld('sv')
  await signIn(page, world.mia)
  await checkFeed(page, world, 'sv', javaScriptEnabled)
})
