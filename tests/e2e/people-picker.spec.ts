import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, groupMembers, insertGroup, insertOrganization, insertUser, orgPath, signIn, tag } from '../support/e2e/orgs'
import { pickPerson } from '../support/e2e/people-picker'

/*
 * The people picker (issue 23, "What people hit" item 8) wherever a person is chosen: members
 * and owner at create group, change owners, inviting an existing user from the group home. With
 * and without JavaScript (@nojs); choosing a person and their role are independent; two people
 * of the same name are told apart; axe on each picker with its matches shown.
 */

const groupIdFrom = (url: string) => /\/groups\/([^/]+)\/home$/.exec(new URL(url).pathname)?.[1] ?? ''

/** An organization with two members of the same name, a group creator and someone of another organization. */
async function pickerWorld(locale: 'sv' | 'en' = 'sv') {
  const t = tag()
  const org = insertOrganization(`Pickerskolan ${t}`)
  const admin = await insertUser({ name: `Astrid Admin ${t}`, locale })
  addMember(org.id, admin.id, { role: 'admin' })
  const creator = await insertUser({ name: `Cecilia Creator ${t}`, locale })
  addMember(org.id, creator.id, { groupCreator: true })
  const emma1 = await insertUser({ name: `Emma Ek ${t}`, email: `emma.ek.${t}@example.se` })
  const emma2 = await insertUser({ name: `Emma Ek ${t}`, email: `ek.emma.${t}@skolan.se` })
  const lena = await insertUser({ name: `Lena Ledare ${t}` })
  for (const u of [emma1, emma2, lena]) addMember(org.id, u.id)
  const outsider = await insertUser({ name: `Emma Utanför ${t}` })
  addMember(insertOrganization(`Andra ${t}`).id, outsider.id)
  return { t, org, admin, creator, emma1, emma2, lena, outsider }
}

test('a group creator picks members, then changes a role: each gets the role shown @nojs', async ({ page, javaScriptEnabled }) => {
  const { t, org, creator, emma2, lena } = await pickerWorld()
  await signIn(page, creator)
  await page.goto('/create/group')
  await page.getByLabel('Gruppens namn').fill(`Kör ${t}`)
  // The owner is the creator unless someone else is chosen.
  await expect(page.getByRole('group', { name: 'Ägare', exact: true }).getByRole('radio', { name: new RegExp(creator.name) })).toBeChecked()

  // Two Emma Ek: a group creator tells them apart by the masked addresses (and their organization role).
  await pickPerson(page, 'Medlemmar', { query: `Emma Ek ${t}`, name: /e…[a-z0-9]@skolan\.se/, javaScriptEnabled, multiple: true })
  const picker = page.getByRole('group', { name: 'Medlemmar', exact: true })
  await expect(picker.getByRole('checkbox', { name: /@skolan\.se.*Medlem i organisationen/ })).toBeChecked()
  await pickPerson(page, 'Medlemmar', { query: 'Lena', name: new RegExp(lena.name), javaScriptEnabled, multiple: true, keyboard: true })
  // Both chosen as members; then Lena becomes a leader: the role shown beside her is the role given.
  await expect(picker.getByLabel(`Roll för ${lena.name}`)).toHaveValue('member')
  await picker.getByLabel(`Roll för ${lena.name}`).selectOption('leader')
  // The name is kept through a search without JavaScript.
  await expect(page.getByLabel('Gruppens namn')).toHaveValue(`Kör ${t}`)
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()

  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  const groupId = groupIdFrom(page.url())
  const rows = appDb().prepare('select user_id, role from group_members where group_id = ?').all(groupId)
  expect(rows).toEqual(
    expect.arrayContaining([
      { user_id: creator.id, role: 'owner' },
      { user_id: emma2.id, role: 'member' },
      { user_id: lena.id, role: 'leader' },
    ]),
  )
  expect(rows).toHaveLength(3)
  expect(appDb().prepare('select organization_id from groups where id = ?').get(groupId)).toEqual({ organization_id: org.id })
})

test('an admin picks another owner at create group; nobody of another organization is offered @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  const { t, admin, emma1, lena, outsider } = await pickerWorld()
  await signIn(page, admin)
  await page.goto('/create/group')
  // An admin sees full addresses: the Emma at example.se.
  await pickPerson(page, 'Ägare', { query: emma1.email, name: new RegExp(emma1.email.replace('.', '\\.')), javaScriptEnabled })
  const owner = page.getByRole('group', { name: 'Ägare', exact: true })
  await expect(owner.getByRole('radio', { name: new RegExp(admin.name) })).not.toBeChecked()
  // The other organization's Emma is not found.
  if (javaScriptEnabled) {
    await owner.locator('input[role=combobox]').fill(outsider.name)
    await expect(owner.getByText('Ingen matchar.')).toBeVisible()
  } else {
    await owner.getByRole('searchbox').fill(outsider.name)
    await owner.getByRole('button', { name: 'Hitta person', exact: true }).click()
    await expect(owner.getByText('Ingen matchar.')).toBeVisible()
    await expect(owner.getByRole('radio', { name: new RegExp(emma1.name) })).toBeChecked()
  }
  await pickPerson(page, 'Medlemmar', { query: 'Lena', name: new RegExp(lena.name), javaScriptEnabled, multiple: true })
  await page.getByLabel('Gruppens namn').fill(`Ägarbyte ${t}`)
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  expect(groupMembers(groupIdFrom(page.url()))).toEqual([
    { name: emma1.name, role: 'owner' },
    { name: lena.name, role: 'member' },
  ])
})

test('an admin changes owners by picking the new owner @nojs', async ({ page, javaScriptEnabled }) => {
  const { t, org, admin, emma1, emma2, lena } = await pickerWorld()
  const g1 = insertGroup(org.id, { name: `Klass 1 ${t}`, owner: lena })
  const g2 = insertGroup(org.id, { name: `Klass 2 ${t}`, owner: lena })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'groups'))
  for (const g of [g1, g2]) await page.getByRole('checkbox', { name: `Markera ${g.name}` }).check()
  await page.getByRole('button', { name: 'Byt ägare', exact: true }).click()
  const panel = page.getByRole('form', { name: 'Byt ägare' })
  await expect(panel).toBeVisible()
  if (javaScriptEnabled) await page.waitForLoadState('networkidle')
  // Emma at example.se for all groups; Emma at skolan.se for Klass 2: the two told apart by their addresses.
  await pickPerson(page, 'Ny ägare', { query: `Emma Ek ${t}`, name: new RegExp(emma1.email.replace('.', '\\.')), javaScriptEnabled })
  await pickPerson(page, `Ny ägare: ${g2.name}`, { query: 'skolan', name: new RegExp(emma2.email.replace('.', '\\.')), javaScriptEnabled })
  await panel.getByLabel('Den gamla ägaren blir', { exact: true }).selectOption({ label: 'Borttagen ur gruppen' })
  await panel.getByRole('button', { name: 'Spara nya ägare' }).click()
  // Lena leaving both groups is asked first; the picked owners stay picked for the confirmation.
  const removal = panel.getByRole('alert').filter({ hasText: 'De gamla ägarna av 2 grupper lämnar dem.' })
  await expect(removal.getByRole('listitem')).toHaveText([`${lena.name} lämnar ${g1.name}`, `${lena.name} lämnar ${g2.name}`])
  await expect(
    panel.getByRole('group', { name: 'Ny ägare', exact: true }).getByRole('radio', { name: new RegExp(emma1.email.replace('.', '\\.')) }),
  ).toBeChecked()
  await expect(
    panel
      .getByRole('group', { name: `Ny ägare: ${g2.name}`, exact: true })
      .getByRole('radio', { name: new RegExp(emma2.email.replace('.', '\\.')) }),
  ).toBeChecked()
  expect(groupMembers(g1.id)).toEqual([{ name: lena.name, role: 'owner' }])
  if (!javaScriptEnabled) {
    // Enter in a search field while asked submits the form's first button: never the removal.
    await panel.getByRole('group', { name: 'Ny ägare', exact: true }).getByRole('searchbox').fill('Emma')
    await panel.getByRole('group', { name: 'Ny ägare', exact: true }).getByRole('searchbox').press('Enter')
    await expect(panel).toBeVisible()
    expect(groupMembers(g1.id)).toEqual([{ name: lena.name, role: 'owner' }])
    await panel.getByRole('group', { name: 'Ny ägare', exact: true }).getByRole('searchbox').fill('')
    await panel.getByRole('button', { name: 'Spara nya ägare' }).click()
  }
  await removal.getByRole('button', { name: 'Spara och ta bort de gamla ägarna' }).click()
  await expect(toast(page, 'Nya ägare för 2 av 2 grupper.')).toBeVisible()
  expect(groupMembers(g1.id)).toEqual([{ name: emma1.name, role: 'owner' }])
  expect(groupMembers(g2.id)).toEqual([{ name: emma2.name, role: 'owner' }])
})

test('a group owner invites someone of the organization by picking them @nojs', async ({ page, javaScriptEnabled }) => {
  const { t, org, emma1, emma2, lena } = await pickerWorld()
  const group = insertGroup(org.id, { name: `Schack ${t}`, owner: lena, members: [emma1] })
  await signIn(page, lena)
  await page.goto(`/groups/${group.id}/home`)
  await expect(page.getByLabel('Någon i organisationen')).toBeChecked()
  // Emma at example.se is a member already: only the other Emma is offered.
  await pickPerson(page, 'Person att bjuda in', { query: `Emma Ek ${t}`, name: new RegExp(emma2.name), javaScriptEnabled })
  await expect(page.getByRole('group', { name: 'Person att bjuda in', exact: true }).getByRole('radio')).toHaveCount(1)
  await page.getByRole('button', { name: 'Bjud in', exact: true }).click()
  await expect(toast(page, `Inbjudan skickades till ${emma2.name}.`)).toBeVisible()
  const invitation = appDb().prepare('select email, group_id from invitations where email = ?').get(emma2.email)
  expect(invitation).toEqual({ email: emma2.email, group_id: group.id })
  const alerts = appDb().prepare(`select template from alerts where user_id = ?`).all(emma2.id)
  expect(alerts).toEqual([{ template: 'group.invitation.new' }])
})

test('in English: a creator picks a member and gives them a role @nojs', async ({ page, javaScriptEnabled }) => {
  const { t, creator, lena } = await pickerWorld('en')
  await signIn(page, creator)
  await page.goto('/create/group')
  await expect(page.getByRole('heading', { name: 'Create group', level: 1 })).toBeVisible()
  await pickPerson(page, 'Members', { query: 'Lena', name: new RegExp(lena.name), javaScriptEnabled, multiple: true, locale: 'en' })
  await page.getByLabel(`Role of ${lena.name}`).selectOption('subscriber')
  await page.getByLabel('Name of the group').fill(`English ${t}`)
  await page.getByRole('button', { name: 'Create group', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)
  expect(groupMembers(groupIdFrom(page.url()))).toEqual([
    { name: creator.name, role: 'owner' },
    { name: lena.name, role: 'subscriber' },
  ])
})

for (const locale of ['sv', 'en'] as const) {
  test(`the pickers pass axe with their matches shown (${locale})`, async ({ page, javaScriptEnabled }) => {
    test.slow()
    const { t, org, admin } = await pickerWorld(locale)
    const sv = locale === 'sv'
    const group = insertGroup(org.id, { name: `Axe ${t}`, owner: admin })
    await signIn(page, admin)
    const showMatches = async (legend: string) => {
      const picker = page.getByRole('group', { name: legend, exact: true })
      if (javaScriptEnabled) {
        await picker.locator('input[role=combobox]').fill('Emma')
        await expect(picker.getByRole('option').first()).toBeVisible()
      } else {
        await picker.getByRole('searchbox').fill('Emma')
        await picker.getByRole('button', { name: sv ? 'Hitta person' : 'Find person', exact: true }).click()
        await expect(picker.getByRole('radio').or(picker.getByRole('checkbox')).nth(1)).toBeVisible()
      }
    }
    await page.goto('/create/group')
    await showMatches(sv ? 'Medlemmar' : 'Members')
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(`/groups/${group.id}/home`)
    await showMatches(sv ? 'Person att bjuda in' : 'Person to invite')
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(orgPath(org.id, 'groups'))
    await page.getByRole('checkbox', { name: `${sv ? 'Markera' : 'Select'} ${group.name}` }).check()
    await page.getByRole('button', { name: sv ? 'Byt ägare' : 'Change owners', exact: true }).click()
    await expect(page.getByRole('form', { name: sv ? 'Byt ägare' : 'Change owners' })).toBeVisible()
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    await showMatches(sv ? 'Ny ägare' : 'New owner')
    expect(await seriousViolations(page)).toEqual([])
  })
}
