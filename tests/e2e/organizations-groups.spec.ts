import type { Page } from '@playwright/test'
import { confirmBulkAction, toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld, deleteGroupRow, groupMembers, insertGroup, orgPath, signIn } from '../support/e2e/orgs'
import { pickPerson } from '../support/e2e/people-picker'

/*
 * The groups of an organization, as its admin sees them (Swedish). The tests tagged @nojs run again
 * in the chromium-nojs project: there every bulk form posts as plain HTML and the server asks for
 * the confirmation of a delete. Each test has an organization of its own (tests/support/e2e/orgs.ts).
 */

/** The table row of a group and its cells: select, name, kind, owner, members, status, created, latest activity. */
function groupRow(page: Page, name: string) {
  // In the list's table: the change-owners panel's rows are named by the group too.
  const row = page
    .getByRole('table', { name: 'Organisationens grupper' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  const cell = (i: number) => row.getByRole('cell').nth(i)
  // Cells after the select box and the row header (the name): kind, owner, members, status.
  return { row, kind: cell(1), owner: cell(2), members: cell(3), status: cell(4) }
}

const select = (page: Page, name: string) => page.getByRole('checkbox', { name: `Markera ${name}` }).check()

/**
 * Exactly these rows selected. (With JavaScript, rows still on the page after a bulk action or a
 * filter change keep their checkmarks, unlike without: reported as an app issue.)
 */
async function selectOnly(page: Page, names: string[]) {
  for (const box of await page.getByRole('checkbox', { name: /^Markera (?!alla )/ }).all()) await box.setChecked(false)
  for (const name of names) await select(page, name)
}

/** An organization with an admin, members and four active groups named "Klass … <tag>". */
async function groupsWorld() {
  const world = await createOrgWorld({ memberNames: ['Olle Ägare', 'Oskar Ägare', 'Xena Medlem', 'Yngve Medlem', 'Nora Ny'] })
  const [olle, oskar, xena, yngve, nora] = world.members
  const names = ['Klass 7A', 'Klass 7B', 'Klass 8A', 'Klass 9A'].map((n) => `${n} ${world.tag}`)
  const groups = [
    insertGroup(world.org.id, { name: names[0], owner: olle, members: [xena, yngve] }),
    insertGroup(world.org.id, { name: names[1], owner: oskar, members: [xena] }),
    insertGroup(world.org.id, { name: names[2], owner: olle }),
    insertGroup(world.org.id, { name: names[3], owner: oskar, members: [yngve] }),
  ]
  return { ...world, olle, oskar, xena, yngve, nora, groups }
}

test('an admin opens a group from the organization’s list by its name (issue 35 item 6)', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, groups } = await groupsWorld()
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'groups'))
  await groupRow(page, groups[1].name).row.getByRole('link', { name: groups[1].name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/groups/${groups[1].id}/home$`))
  await expect(page.getByRole('heading', { level: 1, name: groups[1].name })).toBeVisible()
})

test('set groups inactive and active again in bulk; the status filter follows', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const { org, admin, groups } = await groupsWorld()
  const [g7a, g7b, g8a, g9a] = groups
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'groups'))
  await expect(page.getByRole('heading', { name: 'Grupper', exact: true })).toBeVisible()
  for (const g of groups) await expect(groupRow(page, g.name).status).toHaveText('Aktiv')

  for (const g of [g7a, g7b, g8a]) await select(page, g.name)
  if (javaScriptEnabled) await expect(page.getByText('3 markerade')).toBeVisible()
  await page.getByRole('button', { name: 'Gör inaktiva', exact: true }).click()
  await expect(toast(page, '3 av 3 grupper är nu inaktiva.')).toBeVisible()
  for (const g of [g7a, g7b, g8a]) await expect(groupRow(page, g.name).status).toHaveText('Inaktiv')
  await expect(groupRow(page, g9a.name).status).toHaveText('Aktiv')

  // Only the inactive ones, from the filter (in the URL).
  await page.getByLabel('Status', { exact: true }).selectOption('inactive')
  await page.getByRole('button', { name: 'Visa', exact: true }).click()
  await expect(page).toHaveURL(/[?&]status=inactive(&|$)/)
  await expect(page.getByText('Visar 1–3 av 3')).toBeVisible()
  await expect(groupRow(page, g9a.name).row).toHaveCount(0)

  // Activating one takes it out of the filtered list.
  await selectOnly(page, [g8a.name])
  if (javaScriptEnabled) await expect(page.getByText('1 markerad', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Gör aktiva', exact: true }).click()
  await expect(toast(page, '1 av 1 grupp är nu aktiv.')).toBeVisible()
  await expect(page).toHaveURL(/[?&]status=inactive(&|$)/)
  await expect(groupRow(page, g8a.name).row).toHaveCount(0)
  await expect(page.getByText('Visar 1–2 av 2')).toBeVisible()

  await page.getByRole('link', { name: 'Rensa filter' }).click()
  await expect(groupRow(page, g8a.name).status).toHaveText('Aktiv')
  await expect(groupRow(page, g9a.name).status).toHaveText('Aktiv')
  await expect(groupRow(page, g7a.name).status).toHaveText('Inaktiv')
})

test(
  'delete groups after confirming: the successful ones disappear, a failed one is reported',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, groups } = await groupsWorld()
    const [g7a, g7b, g8a, g9a] = groups
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    for (const g of [g7a, g7b, g8a]) await select(page, g.name)

    if (javaScriptEnabled) {
      // The dialog can be cancelled: nothing is deleted.
      await page.getByRole('button', { name: 'Ta bort', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Ta bort grupper?' })
      await expect(dialog).toContainText('De 3 markerade grupperna tas bort')
      await dialog.getByRole('button', { name: 'Avbryt' }).click()
      await expect(dialog).toBeHidden()
      for (const g of groups) await expect(groupRow(page, g.name).row).toBeVisible()
    }

    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Ta bort',
      title: 'Ta bort grupper?',
      confirm: 'Ta bort grupper',
      // It names the groups it deletes; without JavaScript they are ticked boxes that post again.
      check: async (confirmation) => {
        await expect(confirmation).toContainText('De 3 markerade grupperna tas bort')
        for (const g of [g7a, g7b, g8a]) {
          if (javaScriptEnabled) await expect(confirmation.getByRole('listitem').filter({ hasText: g.name })).toBeVisible()
          else await expect(confirmation.getByRole('checkbox', { name: g.name, exact: true })).toBeChecked()
        }
      },
      // Meanwhile another admin deletes 8A: that item fails, the others go through.
      beforeConfirm: () => deleteGroupRow(g8a.id),
    })

    // The group deleted meanwhile has no name left to give; the deleted ones are named.
    const result = toast(page, '2 av 3 grupper borttagna. Inte borttagna:', 'alert')
    await expect(result).toContainText('(okänd): Gruppen hittades inte.')
    await expect(result).toContainText(`Klara: ${g7a.name}, ${g7b.name}.`)
    for (const g of [g7a, g7b, g8a]) await expect(groupRow(page, g.name).row).toHaveCount(0)
    await expect(groupRow(page, g9a.name).row).toBeVisible()
    await expect(page.getByText('Visar 1–1 av 1')).toBeVisible()
  },
)

test(
  'change owners: the old owner is REMOVEd, or kept with a role; a failed row stays with its input and error',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, groups, olle, oskar, xena, yngve, nora } = await groupsWorld()
    const [g7a, g7b, g8a] = groups
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    await expect(groupRow(page, g7a.name).members).toHaveText('3')
    await expect(groupRow(page, g7b.name).members).toHaveText('2')
    for (const g of [g7a, g7b, g8a]) await select(page, g.name)
    await page.getByRole('button', { name: 'Byt ägare', exact: true }).click()

    // Step two (the same form with and without JavaScript): one row per group.
    const panel = page.getByRole('form', { name: 'Byt ägare' })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('rowheader')).toHaveText([g7a.name, g7b.name, g8a.name])
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    await pickPerson(page, 'Ny ägare', { query: nora.name, name: new RegExp(nora.name), javaScriptEnabled })
    await panel.getByLabel('Den gamla ägaren blir', { exact: true }).selectOption({ label: 'Borttagen ur gruppen' })
    // 7B keeps its old owner as a leader; 8A gets its current owner again, which fails.
    await panel.getByLabel(`Den gamla ägaren blir: ${g7b.name}`).selectOption({ label: 'Ledare' })
    await pickPerson(page, `Ny ägare: ${g8a.name}`, { query: olle.name, name: new RegExp(olle.name), javaScriptEnabled })
    await panel.getByRole('button', { name: 'Spara nya ägare' }).click()

    // Removing the old owners is asked first, naming who leaves which group (the rows kept as picked).
    const removal = panel.getByRole('alert').filter({ hasText: 'De gamla ägarna av 2 grupper lämnar dem.' })
    await expect(removal.getByRole('listitem')).toHaveText([`${olle.name} lämnar ${g7a.name}`, `${olle.name} lämnar ${g8a.name}`])
    await expect(
      panel.getByRole('group', { name: `Ny ägare: ${g8a.name}`, exact: true }).getByRole('radio', { name: new RegExp(olle.name) }),
    ).toBeChecked()
    expect(groupMembers(g7a.id)).toContainEqual({ name: olle.name, role: 'owner' })
    await removal.getByRole('button', { name: 'Spara och ta bort de gamla ägarna' }).click()

    // 8A failed: the panel stays open with that row as sent and its error beside the group; the
    // other two are applied and named.
    await expect(panel.getByRole('status').filter({ hasText: 'Nya ägare för' })).toHaveText(
      `Nya ägare för 2 av 3 grupper: ${g7a.name}, ${g7b.name}. Rätta raderna nedan och spara igen.`,
    )
    await expect(panel.getByRole('rowheader')).toHaveText([g8a.name])
    const picker8a = panel.getByRole('group', { name: `Ny ägare: ${g8a.name}`, exact: true })
    await expect(picker8a.getByRole('radio', { name: new RegExp(olle.name) })).toBeChecked()
    await expect(picker8a).toHaveAccessibleDescription(/Personen äger redan gruppen\./)
    await expect(
      panel.getByRole('group', { name: 'Ny ägare', exact: true }).getByRole('radio', { name: new RegExp(nora.name) }),
    ).toBeChecked()
    await expect(panel.getByLabel('Den gamla ägaren blir', { exact: true })).toHaveValue('REMOVE')
    const row7a = groupRow(page, g7a.name)
    await expect(row7a.owner).toContainText(nora.name)
    await expect(row7a.owner).toContainText(nora.email)
    // Nora in, Olle out: still three.
    await expect(row7a.members).toHaveText('3')
    const row7b = groupRow(page, g7b.name)
    await expect(row7b.owner).toContainText(nora.name)
    await expect(row7b.members).toHaveText('3')
    await expect(groupRow(page, g8a.name).owner).toContainText(olle.name)

    // Corrected (Nora picked for the row too), 8A changes too.
    await pickPerson(page, `Ny ägare: ${g8a.name}`, { query: nora.name, name: new RegExp(nora.name), javaScriptEnabled })
    await panel.getByRole('button', { name: 'Spara nya ägare' }).click()
    const again = panel.getByRole('alert').filter({ hasText: 'Den gamla ägaren av 1 grupp lämnar den.' })
    await expect(again.getByRole('listitem')).toHaveText([`${olle.name} lämnar ${g8a.name}`])
    await again.getByRole('button', { name: 'Spara och ta bort de gamla ägarna' }).click()
    await expect(toast(page, 'Ny ägare för 1 av 1 grupp.')).toBeVisible()
    await expect(panel).toBeHidden()
    await expect(groupRow(page, g8a.name).owner).toContainText(nora.name)

    // The groups' members: Olle is gone from 7A, Oskar stays in 7B as a leader.
    expect(groupMembers(g7a.id)).toEqual([
      { name: nora.name, role: 'owner' },
      { name: xena.name, role: 'member' },
      { name: yngve.name, role: 'member' },
    ])
    expect(groupMembers(g7b.id)).toEqual([
      { name: nora.name, role: 'owner' },
      { name: oskar.name, role: 'leader' },
      { name: xena.name, role: 'member' },
    ])
  },
)

test(
  'the change-owners form says which row needs an owner, and keeps what was typed but not picked',
  { tag: '@nojs' },
  async ({ page }) => {
    const { org, admin, groups, olle } = await groupsWorld()
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    await select(page, groups[0].name)
    await page.getByRole('button', { name: 'Byt ägare', exact: true }).click()
    const panel = page.getByRole('form', { name: 'Byt ägare' })
    await expect(panel).toBeVisible()
    // The panel shows with the action's answer while the page's data is still reloading; a submit
    // at that instant interrupts that reload, and Remix logs the aborted request as a console
    // error (seen once in CI). A person reads the panel first: so does the test.
    await page.waitForLoadState('networkidle')
    const rowPicker = panel.getByRole('group', { name: `Ny ägare: ${groups[0].name}`, exact: true })
    // The picker's search field: a combobox with JavaScript, a search field without.
    const search = rowPicker.locator('input[name^="find-"]')
    // Typed, not picked (issue 35): the answer shows it again.
    await search.fill('Nora N')
    await panel.getByRole('button', { name: 'Spara nya ägare' }).click()
    await expect(rowPicker).toHaveAccessibleDescription('Välj den nya ägaren.')
    await expect(search).toHaveValue('Nora N')
    // Nothing changed.
    await expect(groupRow(page, groups[0].name).owner).toContainText(olle.name)
  },
)

test('create a group and an attendance group with members and roles', async ({ page, javaScriptEnabled }) => {
  const { org, admin, tag, olle, xena, yngve, nora } = await groupsWorld()
  await signIn(page, admin)

  // Owner and members are picked among the organization's members (people-picker.spec.ts).
  await page.goto(`/create/group?organizationId=${org.id}`)
  const name = `Matematik 8 ${tag}`
  await page.getByLabel('Gruppens namn').fill(name)
  await pickPerson(page, 'Ägare', { query: olle.name, name: new RegExp(olle.name), javaScriptEnabled })
  await pickPerson(page, 'Medlemmar', { query: xena.name, name: new RegExp(xena.name), javaScriptEnabled, multiple: true })
  await page.getByLabel(`Roll för ${xena.name}`).selectOption('leader')
  await pickPerson(page, 'Medlemmar', { query: yngve.name, name: new RegExp(yngve.name), javaScriptEnabled, multiple: true })
  await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)

  await page.goto(`/create/attendance-group?organizationId=${org.id}`)
  const attendanceName = `Närvaro 8 ${tag}`
  await page.getByLabel('Gruppens namn').fill(attendanceName)
  await pickPerson(page, 'Ägare', { query: nora.name, name: new RegExp(nora.name), javaScriptEnabled })
  await pickPerson(page, 'Medlemmar', { query: xena.name, name: new RegExp(xena.name), javaScriptEnabled, multiple: true })
  await page.getByLabel(`Roll för ${xena.name}`).selectOption('subscriber')
  await pickPerson(page, 'Medlemmar', { query: olle.name, name: new RegExp(olle.name), javaScriptEnabled, multiple: true })
  await page.getByRole('button', { name: 'Skapa närvarogrupp', exact: true }).click()
  await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)

  // Both are on the organization's groups screen; only attendance groups, from the kind filter.
  await page.goto(orgPath(org.id, 'groups'))
  const created = groupRow(page, name)
  await expect(created.kind).toHaveText('Grupp')
  await expect(created.owner).toContainText(olle.name)
  await expect(created.members).toHaveText('3')
  await expect(created.status).toHaveText('Aktiv')
  const createdAttendance = groupRow(page, attendanceName)
  await expect(createdAttendance.kind).toHaveText('Närvarogrupp')
  await expect(createdAttendance.owner).toContainText(nora.name)
  await expect(createdAttendance.members).toHaveText('3')
  await page.getByLabel('Typ', { exact: true }).selectOption('attendance')
  await page.getByRole('button', { name: 'Visa', exact: true }).click()
  await expect(page.getByText('Visar 1–1 av 1')).toBeVisible()
  await expect(createdAttendance.row).toBeVisible()

  const createdId = (await page.request.get(`/api/v1/organizations/${org.id}/groups`).then((r) => r.json())) as {
    _id: string
    name: string
  }[]
  const byName = new Map(createdId.map((g) => [g.name, g._id]))
  expect(groupMembers(byName.get(name)!)).toEqual([
    { name: olle.name, role: 'owner' },
    { name: xena.name, role: 'leader' },
    { name: yngve.name, role: 'member' },
  ])
  expect(groupMembers(byName.get(attendanceName)!)).toEqual([
    { name: nora.name, role: 'owner' },
    { name: olle.name, role: 'member' },
    { name: xena.name, role: 'subscriber' },
  ])
})

test(
  'the create buttons by the title open the create screens for this organization; roles in Swedish',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, tag, olle, xena, yngve } = await groupsWorld()
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    // (The side menu has links of the same names.)
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Skapa närvarogrupp', exact: true })).toHaveAttribute(
      'href',
      `/create/attendance-group?organizationId=${org.id}`,
    )
    await main.getByRole('link', { name: 'Skapa grupp', exact: true }).click()
    await expect(page).toHaveURL(`/create/group?organizationId=${org.id}`)
    await expect(page.getByRole('heading', { name: 'Skapa grupp', level: 1 })).toBeVisible()
    const name = `Svenska roller ${tag}`
    await page.getByLabel('Gruppens namn').fill(name)
    await pickPerson(page, 'Ägare', { query: olle.name, name: new RegExp(olle.name), javaScriptEnabled })
    await pickPerson(page, 'Medlemmar', { query: xena.name, name: new RegExp(xena.name), javaScriptEnabled, multiple: true })
    await pickPerson(page, 'Medlemmar', { query: yngve.name, name: new RegExp(yngve.name), javaScriptEnabled, multiple: true })
    await page.getByLabel(`Roll för ${xena.name}`).selectOption({ label: 'Ledare' })
    await page.getByLabel(`Roll för ${yngve.name}`).selectOption({ label: 'Prenumerant' })
    await page.getByRole('button', { name: 'Skapa grupp', exact: true }).click()
    await expect(page).toHaveURL(/\/groups\/[^/]+\/home$/)

    const groups = (await page.request.get(`/api/v1/organizations/${org.id}/groups`).then((r) => r.json())) as {
      _id: string
      name: string
    }[]
    expect(groupMembers(groups.find((g) => g.name === name)!._id)).toEqual([
      { name: olle.name, role: 'owner' },
      { name: xena.name, role: 'leader' },
      { name: yngve.name, role: 'subscriber' },
    ])
  },
)

test('a failed update says "Could not update groups." with "Try again?" (spec section 8)', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, tag, groups } = await groupsWorld()
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'groups'))
  // The database refuses the audit entry a bulk action writes before its first item, as an outage would.
  const trigger = `e2e_fail_${tag}`
  appDb().exec(
    `CREATE TRIGGER ${trigger} BEFORE INSERT ON audit_log FOR EACH ROW WHEN NEW.organization_id = '${org.id}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
  )
  try {
    await select(page, groups[0].name)
    await page.getByRole('button', { name: 'Gör inaktiva', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Det gick inte att uppdatera grupperna.' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Grupper', level: 1 })).toBeVisible()
  } finally {
    appDb().exec(`DROP TRIGGER ${trigger}`)
  }
  await page.getByRole('link', { name: 'Försök igen?' }).click()
  await expect(page.getByRole('checkbox', { name: /^Markera Klass 7A/ })).toBeVisible()
})
