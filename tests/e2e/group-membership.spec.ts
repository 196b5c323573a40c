import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, groupMembers, insertGroup, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'

/*
 * Issue 23, group membership journeys: a member leaves a group (the owner hands over first), a
 * plain member sees no one's email, and a group creator reaches "create a group in this
 * organization" from the side menu and /organizations, with and without JavaScript (Swedish).
 */

async function world(locale: 'sv' | 'en' = 'sv') {
  const t = tag()
  const org = insertOrganization(`Skolan ${t}`)
  const owner = await insertUser({ name: `Olga Ägare ${t}`, locale })
  const leader = await insertUser({ name: `Lars Ledare ${t}`, locale })
  const member = await insertUser({ name: `Mia Medlem ${t}`, locale })
  const group = insertGroup(org.id, { name: `Schack ${t}`, owner, members: [[leader, 'leader'], member] })
  return { t, org, owner, leader, member, group }
}

/** Whether the page is wider than the window (a phone must not scroll sideways). */
const overflowsSideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test(
  'a member leaves a group: asked first, then /groups with a toast naming the group',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { member, group } = await world()
    await signIn(page, member)
    await page.goto(`/groups/${group.id}/home`)
    const leave = page.getByRole('region', { name: 'Lämna gruppen' })
    await expect(leave).toContainText('För att gå med igen behöver du en ny inbjudan.')
    await leave.getByRole('button', { name: 'Lämna gruppen' }).click()
    const confirmation = page.getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: 'Lämna gruppen?' })
    await expect(confirmation).toContainText(`Du lämnar gruppen ${group.name}.`)
    // Nothing happened yet.
    expect(groupMembers(group.id)).toContainEqual({ name: member.name, role: 'member' })
    await confirmation.getByRole('button', { name: 'Lämna gruppen', exact: true }).click()

    await expect(page).toHaveURL('/groups')
    await expect(toast(page, `Du lämnade gruppen ${group.name}.`)).toBeVisible()
    await expect(page.getByRole('link', { name: group.name })).toHaveCount(0)
    expect(groupMembers(group.id).map((m) => m.name)).not.toContain(member.name)
    const response = await page.goto(`/groups/${group.id}/home`)
    expect(response?.status()).toBe(404)
  },
)

test('a member leaves a group from /groups; the owner has no "Leave" there', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const { owner, member, group } = await world()
  const mine = insertGroup(insertOrganization(`Egen ${tag()}`).id, { name: `Egen ${tag()}`, owner: member })
  await signIn(page, member)
  await page.goto('/groups')
  const table = page.getByRole('table', { name: 'Dina grupper' })
  await expect(table.getByRole('row').filter({ hasText: mine.name }).getByRole('button')).toHaveCount(0)
  await table.getByRole('button', { name: `Lämna gruppen ${group.name}` }).click()
  const confirmation = page.getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: 'Lämna gruppen?' })
  await expect(confirmation).toContainText(`Du lämnar gruppen ${group.name}.`)
  await confirmation.getByRole('button', { name: 'Lämna gruppen', exact: true }).click()
  await expect(toast(page, `Du lämnade gruppen ${group.name}.`)).toBeVisible()
  await expect(page).toHaveURL('/groups')
  await expect(table.getByRole('row').filter({ hasText: group.name })).toHaveCount(0)
  await expect(table.getByRole('row').filter({ hasText: mine.name })).toHaveCount(1)
  expect(groupMembers(group.id).map((m) => m.name)).toEqual(expect.not.arrayContaining([member.name]))
  expect(groupMembers(group.id).map((m) => m.name)).toContain(owner.name)
})

test('cancelling keeps the member in the group', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const { member, group } = await world()
  await signIn(page, member)
  await page.goto(`/groups/${group.id}/home`)
  await page.getByRole('region', { name: 'Lämna gruppen' }).getByRole('button', { name: 'Lämna gruppen' }).click()
  const confirmation = page.getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: 'Lämna gruppen?' })
  await confirmation.getByRole(javaScriptEnabled ? 'button' : 'link', { name: 'Avbryt' }).click()
  await expect(confirmation).toBeHidden()
  await expect(page).toHaveURL(`/groups/${group.id}/home`)
  expect(groupMembers(group.id)).toContainEqual({ name: member.name, role: 'member' })
})

test('the owner is told to hand over first, hands over, then leaves', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const { owner, leader, group } = await world()
  await signIn(page, owner)
  await page.goto(`/groups/${group.id}/home`)
  const leave = page.getByRole('region', { name: 'Lämna gruppen' })
  await expect(leave).toContainText('Du äger den här gruppen och kan därför inte lämna den ännu.')
  await expect(leave.getByRole('button')).toHaveCount(0)
  // The way there: the members list, where each member's row has "Gör till ägare".
  await leave.getByRole('link', { name: 'Gå till medlemslistan' }).click()
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/home#group-members-title$`))
  const row = page.getByRole('table', { name: 'Gruppens medlemmar' }).getByRole('row').filter({ hasText: leader.name })
  await row.getByRole('button', { name: `Gör ${leader.name} till ägare` }).click()
  const handOver = page.getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: 'Lämna över gruppen?' })
  await handOver.getByRole('button', { name: 'Lämna över', exact: true }).click()
  await expect(toast(page, `${leader.name} äger nu gruppen.`)).toBeVisible()

  await page.getByRole('region', { name: 'Lämna gruppen' }).getByRole('button', { name: 'Lämna gruppen' }).click()
  await page
    .getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: 'Lämna gruppen?' })
    .getByRole('button', { name: 'Lämna gruppen', exact: true })
    .click()
  await expect(page).toHaveURL('/groups')
  await expect(toast(page, `Du lämnade gruppen ${group.name}.`)).toBeVisible()
  expect(groupMembers(group.id).map((m) => m.name)).not.toContain(owner.name)
})

test('a plain member sees names and roles, not emails; a leader sees the emails', { tag: '@nojs' }, async ({ page }) => {
  const { owner, leader, member, group } = await world()
  await signIn(page, member)
  await page.goto(`/groups/${group.id}/home`)
  const members = page.getByRole('table', { name: 'Gruppens medlemmar' })
  await expect(members.getByRole('row')).toHaveCount(4)
  await expect(members.getByRole('row').filter({ hasText: leader.name })).toContainText('Ledare')
  await expect(members.getByRole('columnheader', { name: /E-post/ })).toHaveCount(0)
  await expect(page.getByLabel('Sök på namn', { exact: true })).toBeVisible()
  // Not on the page, nor in its data.
  const html = await page.content()
  for (const person of [owner, leader]) expect(html).not.toContain(person.email)

  await signIn(page, leader)
  await page.goto(`/groups/${group.id}/home`)
  await expect(members.getByRole('columnheader', { name: /E-post/ })).toBeVisible()
  await expect(members.getByRole('row').filter({ hasText: member.name })).toContainText(member.email)
})

test('a group creator goes from the side menu to the organization and creates a group there', { tag: '@nojs' }, async ({ page }) => {
  const t = tag()
  // Two organizations, so the create form has to preselect the one the creator came from.
  const org = insertOrganization(`Ekskolan ${t}`)
  const otherOrg = insertOrganization(`Björkskolan ${t}`)
  const creator = await insertUser({ name: `Cecilia Skapare ${t}` })
  addMember(org.id, creator.id, { groupCreator: true })
  addMember(otherOrg.id, creator.id, { groupCreator: true })
  const mine = insertGroup(org.id, { name: `Bild ${t}`, owner: creator })
  await signIn(page, creator)
  await page.setViewportSize({ width: 1200, height: 800 })
  await page.goto('/groups')
  await page.getByRole('navigation', { name: 'Sidomeny' }).getByRole('link', { name: org.name }).click()

  await expect(page).toHaveURL(`/organizations/${org.id}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Du är gruppskapare här' })).toBeVisible()
  // None of the administration: no tabs, no members, no activity.
  await expect(main.getByRole('navigation', { name: 'Organisation' })).toHaveCount(0)
  await expect(main.getByRole('heading', { name: 'Dina grupper i den här organisationen' })).toBeVisible()
  await expect(main.getByRole('link', { name: mine.name })).toHaveAttribute('href', `/groups/${mine.id}/home`)
  await main.getByRole('link', { name: 'Skapa grupp', exact: true }).click()

  await expect(page).toHaveURL(`/create/group?organizationId=${org.id}`)
  await expect(page.getByLabel('Organisation')).toHaveValue(org.id)
  const name = `Körsång ${t}`
  await page.getByLabel('Gruppens namn').fill(name)
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const created = appDb().prepare('select organization_id, owner_id from groups where name = ?').get(name)
  expect(created).toEqual({ organization_id: org.id, owner_id: creator.id })
})

test('a group creator creates a group from /organizations', { tag: '@nojs' }, async ({ page }) => {
  const t = tag()
  const org = insertOrganization(`Ekskolan ${t}`)
  const otherOrg = insertOrganization(`Björkskolan ${t}`)
  const creator = await insertUser({ name: `Cecilia Skapare ${t}` })
  addMember(org.id, creator.id, { groupCreator: true })
  addMember(otherOrg.id, creator.id, { groupCreator: true })
  await signIn(page, creator)
  await page.goto('/organizations')
  const listed = page.getByRole('main').getByRole('listitem').filter({ hasText: org.name })
  await expect(listed).toContainText('Du får skapa grupper här.')
  await listed.getByRole('link', { name: 'Skapa grupp i den här organisationen' }).click()
  await expect(page).toHaveURL(`/create/group?organizationId=${org.id}`)
  await expect(page.getByLabel('Organisation')).toHaveValue(org.id)
  const name = `Slöjd ${t}`
  await page.getByLabel('Gruppens namn').fill(name)
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()

  // The organization's name leads to what the creator may do there.
  await page.goto('/organizations')
  await page.getByRole('main').getByRole('link', { name: org.name }).click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
  await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible()
})

test('on a phone: the leave section and the group creator view fit the width', async ({ page }) => {
  const { org, member, group } = await world()
  addMember(org.id, member.id, { groupCreator: true })
  await signIn(page, member)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/groups/${group.id}/home`)
  await expect(page.getByRole('region', { name: 'Lämna gruppen' }).getByRole('button', { name: 'Lämna gruppen' })).toBeVisible()
  expect(await overflowsSideways(page)).toBe(false)
  await page.goto(`/organizations/${org.id}`)
  await expect(page.getByRole('main').getByRole('link', { name: 'Skapa grupp', exact: true })).toBeVisible()
  expect(await overflowsSideways(page)).toBe(false)
})

for (const locale of ['sv', 'en'] as const) {
  test(`axe: a member's group home with the leave section, and a group creator's organization (${locale})`, async ({ page }) => {
    const { org, member, group } = await world(locale)
    addMember(org.id, member.id, { groupCreator: true })
    await signIn(page, member)
    await page.goto(`/groups/${group.id}/home`)
    await expect(page.getByRole('heading', { name: locale === 'sv' ? 'Lämna gruppen' : 'Leave the group' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(`/organizations/${org.id}`)
    await expect(
      page.getByRole('heading', { name: locale === 'sv' ? 'Du är gruppskapare här' : 'You are a group creator here' }),
    ).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}
