import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, createOrgWorld, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'
import { pickPerson } from '../support/e2e/people-picker'
import { uniqueEmail } from '../support/e2e/users'

/*
 * Creating groups (issue 10 item 4) and platform administration (item 9). A group creator creates
 * a group from the side menu (or /create/group while the side menu's links wait for the groups
 * screens), choosing members with the people picker, with and without JavaScript; a
 * plain member is told how to become a group creator; a platform admin creates an organization
 * and makes an admin. The new group's home belongs to the groups screens: here its address is
 * checked, and the rows the form made.
 */

type Locale = 'sv' | 'en'

/** Opens the create screen from the side menu when it links there, else by its address. */
async function openCreateGroup(page: Page) {
  await page.goto('/')
  const link = page.getByRole('navigation', { name: 'Sidomeny' }).getByRole('link', { name: 'Skapa grupp', exact: true })
  if (await link.count()) await link.first().click()
  else await page.goto('/create/group')
  await expect(page.getByRole('heading', { name: 'Skapa grupp', level: 1 })).toBeVisible()
}

const groupIdFrom = (url: string) => /\/groups\/([^/]+)\/home$/.exec(new URL(url).pathname)?.[1] ?? ''

test('a group creator creates a group with members @nojs', async ({ page, javaScriptEnabled }) => {
  const { org, members } = await createOrgWorld({ memberNames: ['Berit Berg', 'Bo Berglund'] })
  const t = tag()
  const creator = await insertUser({ name: `Cecilia Creator ${t}` })
  addMember(org.id, creator.id, { groupCreator: true })
  const [berit, bo] = members
  await signIn(page, creator)
  await openCreateGroup(page)

  // One organization: named, not a picker. The owner is the creator unless changed.
  await expect(page.getByRole('main').getByText(org.name, { exact: true })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Ägare', exact: true }).getByRole('radio', { name: new RegExp(creator.name) })).toBeChecked()
  const name = `Körsång ${t}`
  await page.getByLabel('Gruppens namn').fill(name)
  // The people picker (tests/e2e/people-picker.spec.ts has the rest): by name, by the keyboard with JavaScript.
  await pickPerson(page, 'Medlemmar', {
    query: berit.name,
    name: new RegExp(berit.name),
    javaScriptEnabled,
    multiple: true,
    keyboard: true,
  })
  await page.getByLabel(`Roll för ${berit.name}`).selectOption('leader')
  await pickPerson(page, 'Medlemmar', { query: bo.name, name: new RegExp(bo.name), javaScriptEnabled, multiple: true })
  await expect(page.getByLabel(`Roll för ${bo.name}`)).toHaveValue('member')
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()

  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  const groupId = groupIdFrom(page.url())
  const group = appDb().prepare('select name, kind, owner_id, member_count from groups where id = ?').get(groupId) as Record<
    string,
    unknown
  >
  expect(group).toEqual({ name, kind: 'standard', owner_id: creator.id, member_count: 3 })
  const roles = appDb().prepare('select user_id, role from group_members where group_id = ? order by role').all(groupId)
  expect(roles).toEqual(
    expect.arrayContaining([
      { user_id: creator.id, role: 'owner' },
      { user_id: berit.id, role: 'leader' },
      { user_id: bo.id, role: 'member' },
    ]),
  )
  // The added members hear of it; the creator does not.
  const alerts = appDb().prepare(`select user_id from alerts where template = 'group.member.added' and target_id = ?`).all(groupId)
  expect(alerts.map((a) => (a as { user_id: string }).user_id).sort()).toEqual([berit.id, bo.id].sort())
})

test('a plain member is told how to become a group creator @nojs', async ({ page }) => {
  const { members } = await createOrgWorld({ memberNames: ['Morgan Medlem'] })
  await signIn(page, members[0])
  const response = await page.goto('/create/group')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Du kan inte skapa grupper än', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Använd en inbjudningskod' }).click()
  await expect(page).toHaveURL('/invitation-code')
})

test('a group creator without the attendance permission is told so; the admin grants it @nojs', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  const creator = await insertUser({ name: `Petra Plain ${tag()}` })
  addMember(org.id, creator.id, { groupCreator: true })
  await signIn(page, creator)
  await page.goto('/create/attendance-group')
  await expect(page.getByRole('heading', { name: 'Du kan inte skapa närvarogrupper', level: 1 })).toBeVisible()

  await signIn(page, admin)
  await page.goto(`/organizations/${org.id}/group-creators`)
  const row = page.getByRole('row').filter({ hasText: creator.email })
  await expect(row.getByTestId('attendance')).toHaveText('Inte tillåtet')
  await row.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Tillåt närvarogrupper' }).click()
  await expect(toast(page, '1 av 1 får nu skapa närvarogrupper.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: creator.email }).getByTestId('attendance')).toHaveText('Tillåtet')

  await signIn(page, creator)
  await page.goto('/create/attendance-group')
  await expect(page.getByRole('heading', { name: 'Skapa närvarogrupp', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Skapa närvarogrupp', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  const group = appDb().prepare('select kind, name from groups where id = ?').get(groupIdFrom(page.url())) as { kind: string; name: string }
  expect(group.kind).toBe('attendance')
  // No name given: the default one, in the owner's language.
  expect(group.name).toMatch(/^Grupp \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
})

test('a platform admin creates an organization and makes an admin @nojs', async ({ page, javaScriptEnabled }) => {
  const t = tag()
  const platform = await insertUser({ name: `Pia Plattform ${t}` })
  appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(platform.id)
  const first = await insertUser({ name: `Första Admin ${t}` })
  const second = await insertUser({ name: `Andra Admin ${t}` })
  await signIn(page, platform)
  await page.goto('/')
  await page.getByLabel(`Kontomeny för Pia Plattform ${t}`).click()
  await page.getByRole('link', { name: 'Plattformsadministration' }).click()
  await expect(page).toHaveURL('/platform/organizations')
  await expect(page.getByRole('heading', { name: 'Organisationer', level: 1 })).toBeVisible()

  const name = `Sjöskolan ${t}`
  await page.getByLabel('Organisationens namn').fill(name)
  await page.getByLabel('Den första administratörens e-postadress').fill(uniqueEmail('ingen'))
  await page.getByRole('button', { name: 'Skapa organisation' }).click()
  await expect(page.getByText('Det finns inget konto med den e-postadressen.')).toBeVisible()
  await page.getByLabel('Den första administratörens e-postadress').fill(first.email)
  await page.getByRole('button', { name: 'Skapa organisation' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(toast(page, `Organisationen ”${name}” har skapats.`)).toBeVisible()
  await expect(page.getByText('Enda administratören: kan inte tas bort')).toBeVisible()

  await page.getByLabel('Gör till administratör: e-postadress').fill(second.email)
  await page.getByRole('button', { name: 'Gör till administratör', exact: true }).click()
  await expect(toast(page, `${second.email} är nu administratör.`)).toBeVisible()

  // Removing one asks first (a dialog, or without JavaScript a confirmation step).
  await page.getByRole('button', { name: `Ta bort Första Admin ${t} som administratör` }).click()
  if (javaScriptEnabled) {
    const dialog = page.getByRole('dialog', { name: 'Ta bort administratören?' })
    await dialog.getByRole('button', { name: `Ta bort Första Admin ${t} som administratör` }).click()
  } else {
    await page.getByRole('alertdialog', { name: 'Ta bort administratören?' }).getByRole('button', { name: 'Ta bort administratör' }).click()
  }
  await expect(toast(page, `${first.email} är inte längre administratör.`)).toBeVisible()
  const orgId = new URL(page.url()).pathname.split('/').pop()!
  const admins = appDb().prepare(`select user_id from organization_members where organization_id = ? and role = 'admin'`).all(orgId)
  expect(admins).toEqual([{ user_id: second.id }])
  const actions = appDb().prepare('select action from audit_log where organization_id = ? order by created_at, id').all(orgId)
  expect(actions.map((a) => (a as { action: string }).action)).toEqual([
    'platform.organization.create',
    'platform.admins.add',
    'platform.admins.remove',
  ])
})

test('the platform screens do not exist for an organization admin', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  expect((await page.goto('/platform/organizations'))?.status()).toBe(404)
  expect((await page.goto(`/platform/organizations/${org.id}`))?.status()).toBe(404)
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Plattformsadministration' })).toHaveCount(0)
})

for (const locale of ['sv', 'en'] as Locale[]) {
  test(`the create screens pass axe (${locale})`, async ({ page }) => {
    // axe is slow on a busy machine: several pages here.
    test.slow()
    const { org } = await createOrgWorld({ memberNames: [] })
    const other = insertOrganization(`Andra skolan ${tag()}`)
    const creator = await insertUser({ name: `Cecilia Creator ${tag()}`, locale })
    addMember(org.id, creator.id, { groupCreator: true })
    addMember(other.id, creator.id, { role: 'admin' })
    const member = await insertUser({ name: `Morgan Medlem ${tag()}`, locale })
    addMember(org.id, member.id)
    await signIn(page, creator)
    // The form with an organization picker, then shown again with an error.
    await page.goto('/create/group')
    await expect(page.getByRole('combobox', { name: locale === 'sv' ? 'Organisation' : 'Organization' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    // No organization chosen: the pickers wait for one; submitting says so.
    await page.getByRole('button', { name: locale === 'sv' ? 'Skapa grupp' : 'Create group', exact: true }).click()
    await expect(page.getByRole('combobox', { name: locale === 'sv' ? 'Organisation' : 'Organization' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(await seriousViolations(page)).toEqual([])
    // The explanation page.
    await signIn(page, member)
    await page.goto('/create/group')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'sv' ? 'Du kan inte skapa grupper än' : 'You cannot create groups yet',
    )
    expect(await seriousViolations(page)).toEqual([])
  })

  test(`the platform screens pass axe (${locale})`, async ({ page }) => {
    test.slow()
    const { org } = await createOrgWorld({ memberNames: [] })
    const platform = await insertUser({ name: `Pia Plattform ${tag()}`, locale })
    appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(platform.id)
    await signIn(page, platform)
    await page.goto('/platform/organizations')
    await expect(page.getByRole('heading', { name: locale === 'sv' ? 'Organisationer' : 'Organizations', level: 1 })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(`/platform/organizations/${org.id}`)
    await expect(page.getByRole('heading', { name: org.name, level: 1 })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}

test(
  'a platform admin creates an organization: missing fields are said by the server, then it is made',
  { tag: '@nojs' },
  async ({ page }) => {
    const platform = await insertUser({ name: `Pia Plattform ${tag()}` })
    appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(platform.id)
    const firstAdmin = await insertUser({ name: `Ada Admin ${tag()}` })
    await signIn(page, platform)
    await page.goto('/platform/organizations')
    const form = page.getByRole('region', { name: 'Skapa organisation' })
    await form.getByRole('button', { name: 'Skapa organisation' }).click()
    await expect(form.getByText('Fältet måste fyllas i.').first()).toBeVisible()
    await expect(form.getByLabel('Organisationens namn')).toBeFocused()

    const name = `Nya skolan ${tag()}`
    await form.getByLabel('Organisationens namn').fill(name)
    await form.getByLabel('Den första administratörens e-postadress').fill(firstAdmin.email)
    await form.getByRole('button', { name: 'Skapa organisation' }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    expect(appDb().prepare('select count(*) as n from organizations where name = ?').get(name)).toEqual({ n: 1 })
  },
)
