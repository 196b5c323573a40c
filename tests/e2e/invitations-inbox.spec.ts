import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage, insertPackageInvitation } from '../support/e2e/library'
import {
  addMember,
  appDb,
  insertGroup,
  insertInvitation,
  insertOrganization,
  insertUser,
  orgPath,
  signIn,
  signOut,
  tag,
} from '../support/e2e/orgs'

/*
 * The invitations inbox (issue 23, What to build 1): someone invited to a group, a library package
 * and as group creator sees the header's counts, follows them to /invitations, accepts one and
 * declines another, with and without JavaScript, in Swedish and English; the sender sees the
 * declined invitation; a declined code no longer works; the feed leaves the counts alone.
 */

const TEXT = {
  sv: {
    nav: 'Huvudmeny',
    groupsBadge: '1 gruppinbjudan',
    menu: /^Kontomeny för/,
    inboxLink: 'Inbjudningar (3 väntar)',
    libraryLink: 'Inbjudningar till biblioteket (1 väntar)',
    title: 'Inbjudningar',
    groups: 'Grupper (1)',
    packages: 'Paket i biblioteket (1)',
    organizations: 'Organisationer (1)',
    invitedBy: (name: string) => `Inbjuden av ${name}`,
    accept: (name: string) => `Tacka ja till inbjudan till ${name}`,
    decline: (name: string) => `Tacka nej till inbjudan till ${name}`,
    joined: (name: string) => `Du är nu medlem i ${name}.`,
    packageAccepted: (name: string) => `Du har nu tillgång till ”${name}”.`,
    declinedPackage: (name: string) => `Du tackade nej till inbjudan till ”${name}”.`,
    declinedGroup: (name: string) => `Du tackade nej till inbjudan till ${name}.`,
    creator: (name: string) => `Du är nu gruppskapare i ${name}.`,
    declinedOrganization: (name: string) => `Du tackade nej till inbjudan att skapa grupper i ${name}.`,
    noPackages: 'Inga paketinbjudningar.',
    nothing: 'Inga inbjudningar väntar på ditt svar.',
    codeLabel: 'Inbjudningskod',
    useCode: 'Använd koden',
    declinedCode: 'Du har tackat nej till den här inbjudan, så koden fungerar inte längre.',
    declinedStatus: 'Avböjd',
    sentInvitations: 'Skickade inbjudningar',
  },
  en: {
    nav: 'Main',
    groupsBadge: '1 group invitation',
    menu: /^Account menu for/,
    inboxLink: 'Invitations (3 waiting)',
    libraryLink: 'Library invitations (1 waiting)',
    title: 'Invitations',
    groups: 'Groups (1)',
    packages: 'Library packages (1)',
    organizations: 'Organizations (1)',
    invitedBy: (name: string) => `Invited by ${name}`,
    accept: (name: string) => `Accept the invitation to ${name}`,
    decline: (name: string) => `Decline the invitation to ${name}`,
    joined: (name: string) => `You are now a member of ${name}.`,
    packageAccepted: (name: string) => `You now have access to “${name}”.`,
    declinedPackage: (name: string) => `You declined the invitation to “${name}”.`,
    declinedGroup: (name: string) => `You declined the invitation to ${name}.`,
    creator: (name: string) => `You are now a group creator in ${name}.`,
    declinedOrganization: (name: string) => `You declined the invitation to create groups in ${name}.`,
    noPackages: 'No package invitations.',
    nothing: 'No invitations are waiting for your answer.',
    codeLabel: 'Invitation code',
    useCode: 'Use code',
    declinedCode: 'You declined this invitation, so its code no longer works.',
    declinedStatus: 'Declined',
    sentInvitations: 'Sent invitations',
  },
} as const

/** Astrid administers Exempelskolan and owns a group and a package; Emma is invited to all three. */
async function world(locale: 'sv' | 'en') {
  const t = tag()
  const astrid = await insertUser({ name: `Astrid Admin ${t}`, locale })
  const emma = await insertUser({ name: `Emma Ek ${t}`, locale })
  const org = insertOrganization(`Exempelskolan ${t}`)
  addMember(org.id, astrid.id, { role: 'admin' })
  const group = insertGroup(org.id, { name: `Bild 7A ${t}`, owner: astrid })
  const pkg = insertPackage({ ownerId: astrid.id, name: `Föräldramöte ${t}` })
  const groupInvitation = insertInvitation({
    organizationId: org.id,
    groupId: group.id,
    type: 'email',
    email: emma.email,
    createdBy: astrid.id,
  })
  const creatorInvitation = insertInvitation({
    organizationId: org.id,
    type: 'email',
    email: emma.email,
    groupCreator: true,
    createdBy: astrid.id,
  })
  insertPackageInvitation({ packageId: pkg.id, email: emma.email, invitedBy: astrid.id })
  return { astrid, emma, org, group, pkg, groupInvitation, creatorInvitation }
}

const section = (page: Page, name: string) => page.getByRole('region', { name })
const openMenu = (page: Page, locale: 'sv' | 'en') => page.getByLabel(TEXT[locale].menu).click()

/** Each count of the header equals the items of the inbox section it leads to. */
async function expectCountsMatchInbox(page: Page, locale: 'sv' | 'en', userId: string) {
  const s = TEXT[locale]
  await expect(page.getByRole('navigation', { name: s.nav }).getByRole('link', { name: s.groupsBadge })).toHaveAttribute(
    'href',
    '/invitations#groups',
  )
  await openMenu(page, locale)
  await expect(page.getByRole('link', { name: s.inboxLink, exact: true })).toHaveAttribute('href', '/invitations')
  await expect(page.getByRole('link', { name: s.libraryLink, exact: true })).toHaveAttribute('href', `/library/invitations/${userId}`)
}

for (const locale of ['sv', 'en'] as const) {
  const s = TEXT[locale]

  test(
    `${locale}: the counts lead to the inbox; accept a group, decline a package, accept as group creator`,
    { tag: '@nojs' },
    async ({ page }) => {
      const w = await world(locale)
      await signIn(page, w.emma)
      await page.goto('/groups')
      await expectCountsMatchInbox(page, locale, w.emma.id)

      // The groups count leads to its section, which lists as many items as it counts.
      await page.goto('/groups')
      await page.getByRole('navigation', { name: s.nav }).getByRole('link', { name: s.groupsBadge }).click()
      await expect(page).toHaveURL('/invitations#groups')
      await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible()
      const groups = section(page, s.groups)
      await expect(groups.getByRole('listitem')).toHaveCount(1)
      await expect(groups.getByRole('listitem')).toContainText(w.group.name)
      await expect(groups.getByRole('listitem')).toContainText(w.org.name)
      await expect(groups.getByRole('listitem')).toContainText(s.invitedBy(w.astrid.name))
      await expect(section(page, s.packages).getByRole('listitem')).toHaveCount(1)
      await expect(section(page, s.organizations).getByRole('listitem')).toHaveCount(1)

      // Accept the group: its home, with a toast naming it.
      await groups.getByRole('button', { name: s.accept(w.group.name) }).click()
      await expect(page).toHaveURL(`/groups/${w.group.id}/home`)
      await expect(toast(page, s.joined(w.group.name))).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: w.group.name })).toBeVisible()
      await expect(page.getByRole('navigation', { name: s.nav }).getByRole('link', { name: s.groupsBadge })).toHaveCount(0)

      // Decline the package: back to its section, now empty.
      await page.goto('/invitations')
      await section(page, s.packages)
        .getByRole('button', { name: s.decline(w.pkg.name) })
        .click()
      await expect(page).toHaveURL('/invitations#packages')
      await expect(toast(page, s.declinedPackage(w.pkg.name))).toBeVisible()
      await expect(page.getByText(s.noPackages)).toBeVisible()

      // Accept as group creator: where groups of that organization are created.
      await section(page, s.organizations)
        .getByRole('button', { name: s.accept(w.org.name) })
        .click()
      await expect(page).toHaveURL(`/create/group?organizationId=${w.org.id}`)
      await expect(toast(page, s.creator(w.org.name))).toBeVisible()
      await page.goto('/invitations')
      await expect(page.getByText(s.nothing)).toBeVisible()
    },
  )

  test(`${locale}: a declined invitation shows so to its sender, and its code no longer works`, { tag: '@nojs' }, async ({ page }) => {
    const w = await world(locale)
    await signIn(page, w.emma)
    await page.goto('/invitations')
    await section(page, s.organizations)
      .getByRole('button', { name: s.decline(w.org.name) })
      .click()
    await expect(toast(page, s.declinedOrganization(w.org.name))).toBeVisible()
    await section(page, s.groups)
      .getByRole('button', { name: s.decline(w.group.name) })
      .click()
    await expect(toast(page, s.declinedGroup(w.group.name))).toBeVisible()
    await expect(page.getByRole('navigation', { name: s.nav }).getByRole('link', { name: s.groupsBadge })).toHaveCount(0)

    await page.goto('/invitation-code')
    await page.getByLabel(s.codeLabel).fill(w.groupInvitation.code)
    await page.getByRole('button', { name: s.useCode }).click()
    await expect(page.getByText(s.declinedCode)).toBeVisible()

    await signOut(page)
    await signIn(page, w.astrid)
    await page.goto(orgPath(w.org.id, 'group-creators'))
    await expect(page.getByRole('row').filter({ hasText: w.emma.email })).toContainText(s.declinedStatus)
    // The group's home, where its owner invites, says so too.
    await page.goto(`/groups/${w.group.id}/home`)
    await expect(page.getByRole('list', { name: s.sentInvitations }).getByRole('listitem').filter({ hasText: w.emma.email })).toContainText(
      s.declinedStatus,
    )
  })
}

test('with JavaScript: opening the feed leaves the invitation counts and the avatar badge', async ({ page }) => {
  const w = await world('sv')
  // An alert, so that the feed has something to mark seen.
  appDb()
    .prepare(
      `insert into alerts (id, user_id, template, actor_id, organization_id, target_type, target_id, data, created_at)
       values (?, ?, 'package.invitation.new', ?, null, 'package', ?, ?, ?)`,
    )
    .run(
      randomBytes(12).toString('hex'),
      w.emma.id,
      w.astrid.id,
      w.pkg.id,
      JSON.stringify({ packageName: w.pkg.name }),
      new Date().toISOString(),
    )
  await signIn(page, w.emma)
  await page.goto('/support')
  await expect(page.locator('html[data-count-polling]')).toBeAttached()
  const avatarBadge = page.locator('summary [data-count-badge]')
  await expect(avatarBadge).toHaveText('3')
  await page
    .getByRole('navigation', { name: 'Huvudmeny' })
    .getByRole('link', { name: /^Flöde/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Flöde' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: /^Flöde/ })).toHaveAccessibleName('Flöde')
  await expect(avatarBadge).toHaveText('3')
  await expectCountsMatchInbox(page, 'sv', w.emma.id)
  // Followed in the browser, the menu's library link and its count agree with the library's
  // invitations page, and with the inbox's section of them.
  await page.getByRole('link', { name: TEXT.sv.libraryLink, exact: true }).click()
  await expect(page).toHaveURL(`/library/invitations/${w.emma.id}`)
  await expect(page.getByRole('list', { name: 'Paketinbjudningar' }).getByRole('listitem')).toHaveCount(1)
  await page.goto('/invitations#packages')
  await expect(section(page, TEXT.sv.packages).getByRole('listitem')).toHaveCount(1)
  await section(page, TEXT.sv.packages)
    .getByRole('button', { name: TEXT.sv.accept(w.pkg.name) })
    .click()
  await expect(page).toHaveURL(`/library/packages/view/${w.pkg.id}`)
  await expect(toast(page, TEXT.sv.packageAccepted(w.pkg.name))).toBeVisible()
  await expect(avatarBadge).toHaveText('2')
})

for (const locale of ['sv', 'en'] as const) {
  test(`/invitations (${locale}) has no serious or critical axe violations, with items and empty, and fits a phone`, async ({ page }) => {
    const w = await world(locale)
    await signIn(page, w.emma)
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/invitations')
    await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].title })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    expect(await seriousViolations(page)).toEqual([])
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.goto('/invitation-code')
    expect(await seriousViolations(page)).toEqual([])

    const nobody = await insertUser({ name: `Nils Ingen ${tag()}`, locale })
    await signOut(page)
    await signIn(page, nobody)
    await page.goto('/invitations')
    await expect(page.getByText(TEXT[locale].nothing)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}
