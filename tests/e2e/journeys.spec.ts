import type { Page } from '@playwright/test'
import { appLinksIn, deadEnds, linksOf, placeholderIn, visitAll, type Visit } from '../support/e2e/crawl'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage } from '../support/e2e/library'
import { allEmails, appLinkIn, latestEmail } from '../support/e2e/mail'
import { addMember, createOrgWorld, insertGroup, insertUser, signIn, signOut, type DbUser } from '../support/e2e/orgs'
import { newUser, submitSignIn, VERIFY_SUBJECT } from '../support/e2e/users'

/*
 * Journeys across features (issue 23). What one person does reaches another as a notice, a count
 * and an email; each of those is followed by the person it reaches, as far as the end of what they
 * came to do. On every page on the way, every link (the feed, the header and its counts, the side
 * menu, the profile menu, the page itself) is requested as that person and must not answer 404, a
 * server error or a message with a value left out; every count equals what the page it leads to
 * shows. With and without JavaScript.
 */

/** Follows every link of the page as its user; fails on a dead end. Returns what was visited. */
async function noDeadEnds(page: Page, visits = new Map<string, Visit>()) {
  expect(placeholderIn(await page.locator('body').innerText()), `a raw placeholder on ${page.url()}`).toBeNull()
  await visitAll(page, await linksOf(page), visits)
  expect(deadEnds(visits), `dead ends from ${page.url()}`).toEqual([])
  return visits
}

/** Every email to `user` reads without a raw placeholder, and each of its links works for them. */
async function emailsLeadSomewhere(page: Page, user: DbUser, visits = new Map<string, Visit>()) {
  const emails = await allEmails(user.email)
  for (const email of emails) {
    expect(placeholderIn(`${email.subject}\n${email.text}`), `a raw placeholder in "${email.subject}"`).toBeNull()
    await visitAll(page, appLinksIn(email), visits)
  }
  expect(deadEnds(visits), `dead ends in the emails to ${user.email}`).toEqual([])
  return emails
}

/** The number a header count shows (0 when it is not shown). */
async function countOn(page: Page, href: string) {
  const link = page.locator(`header a[href="${href}"]`).first()
  if ((await link.count()) === 0) return 0
  return Number((await link.innerText()).match(/\d+/)?.[0] ?? 0)
}

async function world() {
  const { tag: t, org, admin } = await createOrgWorld({ memberNames: [] })
  const owner = await insertUser({ name: `Olle Ägare ${t}` })
  const emma = await insertUser({ name: `Emma English ${t}`, locale: 'en' })
  addMember(org.id, owner.id, { groupCreator: true })
  addMember(org.id, emma.id)
  const bild = insertGroup(org.id, { name: `Bild 7A ${t}`, owner, members: [emma] })
  const schack = insertGroup(org.id, { name: `Schack ${t}`, owner })
  const pkg = insertPackage({ ownerId: admin.id, name: `Föräldramöte ${t}` })
  return { t, org, admin, owner, emma, bild, schack, pkg }
}

test('a member reaches each invitation from its notice, count and email, and answers it', { tag: '@nojs' }, async ({ page }) => {
  const { admin, owner, emma, bild, schack, pkg } = await world()

  // The owner makes Emma a leader of Bild and invites her to Schack; the admin invites her to a package.
  await signIn(page, owner)
  await page.goto(`/groups/${bild.id}/home`)
  const row = page.getByRole('table', { name: 'Gruppens medlemmar' }).getByRole('row').filter({ hasText: emma.name })
  await row.getByLabel(`Roll för ${emma.name}`).selectOption('leader')
  await row.getByRole('button', { name: 'Spara roll' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${emma.name} är nu ledare.` })).toBeVisible()
  await page.goto(`/groups/${schack.id}/home`)
  await page.getByLabel('Med e-post').check()
  await page.getByLabel('E-postadress').fill(emma.email)
  await page.getByRole('button', { name: 'Bjud in', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `Inbjudan skickades till ${emma.email}.` })).toBeVisible()
  await signOut(page)
  await signIn(page, admin)
  await page.goto(`/library/packages/edit/4/${pkg.id}`)
  await page.getByLabel('E-postadress').fill(emma.email)
  await page.getByRole('button', { name: 'Bjud in' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${emma.email} har bjudits in.` })).toBeVisible()
  await signOut(page)

  // Emma (English) reads what happened, and every link of the feed works for her.
  await signIn(page, emma)
  await page.goto('/')
  const feed = page.getByRole('main')
  await expect(feed).toContainText(`${owner.name} invited you to ${schack.name}.`)
  await expect(feed).toContainText(`Your role in ${bild.name} is now leader.`)
  await expect(feed).toContainText(`${admin.name} invited you to the package ${pkg.name}.`)
  const visits = await noDeadEnds(page)
  await emailsLeadSomewhere(page, emma, visits)

  // Each count equals the invitations its link shows.
  const groupInvitations = await countOn(page, '/invitations#groups')
  expect(groupInvitations).toBe(1)
  await page.locator('header a[href="/invitations#groups"]').first().click()
  await expect(page).toHaveURL('/invitations#groups')
  await expect(page.locator('section#groups li')).toHaveCount(groupInvitations)
  await expect(page.locator('section#packages li')).toHaveCount(1)
  await noDeadEnds(page, visits)

  // She accepts the group and lands in it; she accepts the package and lands on it.
  await page.getByRole('button', { name: `Accept the invitation to ${schack.name}` }).click()
  await expect(page).toHaveURL(`/groups/${schack.id}/home`)
  await expect(page.getByRole('heading', { name: schack.name, level: 1 })).toBeVisible()
  await noDeadEnds(page, visits)
  await page.goto('/invitations')
  await page.getByRole('button', { name: `Accept the invitation to ${pkg.name}` }).click()
  await expect(page).toHaveURL(`/library/packages/view/${pkg.id}`)
  await expect(page.getByRole('status').filter({ hasText: `You now have access to “${pkg.name}”.` })).toBeVisible()

  // Nothing waits any more; the notices now lead to the group and the package.
  await page.goto('/')
  expect(await countOn(page, '/invitations#groups')).toBe(0)
  await expect(page.getByRole('link', { name: `${owner.name} invited you to ${schack.name}.` })).toHaveAttribute(
    'href',
    `/groups/${schack.id}/home`,
  )
  await expect(page.getByRole('link', { name: `${admin.name} invited you to the package ${pkg.name}.` })).toHaveAttribute(
    'href',
    `/library/packages/view/${pkg.id}`,
  )
  await noDeadEnds(page, new Map())
})

test('a declined invitation shows as declined to the person who sent it', { tag: '@nojs' }, async ({ page }) => {
  const { owner, emma, schack } = await world()
  await signIn(page, owner)
  await page.goto(`/groups/${schack.id}/home`)
  await page.getByLabel('Med e-post').check()
  await page.getByLabel('E-postadress').fill(emma.email)
  await page.getByRole('button', { name: 'Bjud in', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `Inbjudan skickades till ${emma.email}.` })).toBeVisible()
  await signOut(page)

  await signIn(page, emma)
  await page.goto('/invitations')
  await page.getByRole('button', { name: `Decline the invitation to ${schack.name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `You declined the invitation to ${schack.name}.` })).toBeVisible()
  await expect(page.locator('section#groups li')).toHaveCount(0)
  await signOut(page)

  await signIn(page, owner)
  await page.goto(`/groups/${schack.id}/home`)
  await expect(page.getByRole('main')).toContainText(emma.email)
  await expect(page.getByRole('main')).toContainText(/Avböjd|Tackade nej/i)
  await noDeadEnds(page)
})

test(
  'a new person invited by email signs up from the email and lands in the group',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { owner, bild } = await world()
    const person = newUser()
    await signIn(page, owner)
    await page.goto(`/groups/${bild.id}/home`)
    await page.getByLabel('Med e-post').check()
    await page.getByLabel('E-postadress').fill(person.email)
    await page.getByRole('button', { name: 'Bjud in', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: `Inbjudan skickades till ${person.email}.` })).toBeVisible()
    await signOut(page)

    // Signed out, every link of the email works; the first one starts the way in.
    const email = await latestEmail(person.email, { subject: new RegExp(bild.name) })
    expect(placeholderIn(`${email.subject}\n${email.text}`)).toBeNull()
    await page.goto('/signin')
    const signedOut = await visitAll(page, appLinksIn(email))
    expect(deadEnds(signedOut)).toEqual([])
    await page.goto(appLinkIn(email))
    await noDeadEnds(page)
    await page.getByRole('link', { name: 'Skapa konto' }).first().click()
    await page.getByLabel('Namn', { exact: true }).fill(person.name)
    await page.getByLabel('E-post', { exact: true }).fill(person.email)
    await page.getByLabel('Lösenord', { exact: true }).fill(person.password)
    await page.getByRole('button', { name: 'Skapa konto' }).click()
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible()
    await page.goto(appLinkIn(await latestEmail(person.email, { subject: VERIFY_SUBJECT })))
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Bekräfta e-postadressen' }).click()
    await expect(page).toHaveURL(/\/signin\?/)
    await submitSignIn(page, { email: person.email, password: person.password })

    // The invitation waits for an answer: joining is one button, and leads into the group.
    await page
      .getByRole('button', { name: /Gå med|Tacka ja/ })
      .first()
      .click()
    await expect(page).toHaveURL(`/groups/${bild.id}/home`)
    await expect(page.getByRole('heading', { name: bild.name, level: 1 })).toBeVisible()
    await noDeadEnds(page)
    await page.goto('/')
    await noDeadEnds(page)
  },
)

test('a new group creator follows the notice to the organization and creates a group there', { tag: '@nojs' }, async ({ page }) => {
  const { tag: t, org, admin } = await createOrgWorld({ memberNames: [] })
  const lena = await insertUser({ name: `Lena Lärare ${t}` })
  addMember(org.id, lena.id)
  await signIn(page, admin)
  const made = await page.request.post(`/api/v1/organizations/${org.id}/add-group-creators`, { data: [lena.id] })
  expect(made.status(), await made.text()).toBe(200)
  await signOut(page)

  await signIn(page, lena)
  await page.goto('/')
  const notice = page.getByRole('link', { name: `${admin.name} gjorde dig till gruppskapare i ${org.name}.` })
  await notice.click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
  await noDeadEnds(page)
  await page.getByRole('main').getByRole('link', { name: 'Skapa grupp' }).click()
  await expect(page).toHaveURL(/\/create\/group\?organizationId=/)
  await noDeadEnds(page)
  await page.goto('/organizations')
  await noDeadEnds(page)
})
