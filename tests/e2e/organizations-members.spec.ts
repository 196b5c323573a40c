import { confirmBulkAction, toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, createOrgWorld, groupMembers, insertGroup, insertUser, orgPath, signIn } from '../support/e2e/orgs'

/*
 * Members of an organization, as its admin sees them (Swedish). Tagged @nojs: the chromium-nojs
 * project runs the same journey without JavaScript, where the server asks for the confirmation.
 * Every test works on an organization of its own (tests/support/e2e/orgs.ts).
 */

test(
  'an admin searches, removes members in bulk; a group owner and the last admin stay with their error',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, members, tag } = await createOrgWorld({
      memberNames: ['Berit Berg', 'Bo Berglund', 'Cecilia Carlsson', 'Doris Dahl'],
    })
    const [berit, bo, cecilia, doris] = members
    // Bertil owns a group (Berit is in it): a group always keeps its owner.
    const bertil = await insertUser({ name: `Bertil Bergman ${tag}` })
    addMember(org.id, bertil.id)
    const group = insertGroup(org.id, { name: `Klass 7A ${tag}`, owner: bertil, members: [berit, doris] })

    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    await expect(page.getByRole('heading', { level: 1, name: 'Medlemmar' })).toBeVisible()
    const row = (name: string) => page.getByRole('rowheader', { name, exact: true })
    for (const user of [admin, ...members, bertil]) await expect(row(user.name)).toBeVisible()

    // Search on the server: the URL holds it.
    await page.getByRole('searchbox', { name: 'Sök på namn eller e-post' }).fill('berg')
    await page.getByRole('button', { name: 'Sök', exact: true }).click()
    await expect(page).toHaveURL(/[?&]q=berg(&|$)/)
    await expect(page.getByText('Visar 1–3 av 3')).toBeVisible()
    for (const user of [berit, bo, bertil]) await expect(row(user.name)).toBeVisible()
    for (const user of [admin, cecilia, doris]) await expect(row(user.name)).toHaveCount(0)

    for (const user of [berit, bo, bertil]) await page.getByRole('checkbox', { name: `Markera ${user.name}` }).check()
    if (javaScriptEnabled) await expect(page.getByText('3 markerade')).toBeVisible()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Ta bort från organisationen',
      title: 'Ta bort medlemmar?',
      confirm: 'Ta bort medlemmar',
      check: async (confirmation) => {
        await expect(confirmation).toContainText('De 3 markerade medlemmarna tas bort')
        for (const user of [berit, bo, bertil]) {
          // The address beside the name tells two people of the same name apart (issue 35).
          const named = `${user.name} (${user.email})`
          if (javaScriptEnabled) await expect(confirmation.getByRole('listitem').filter({ hasText: named })).toBeVisible()
          else await expect(confirmation.getByRole('checkbox', { name: named, exact: true })).toBeChecked()
        }
      },
    })

    // Per-item results: two removed, the group owner named with the error; the search is kept.
    const result = toast(page, '2 av 3 klara. Inte gjorda:', 'alert')
    await expect(result.getByRole('listitem')).toHaveText([
      `${bertil.name} (${bertil.email}): Personen äger en grupp i organisationen. Ge gruppen en ny ägare först.`,
    ])
    await expect(result).toContainText(`Klara: ${berit.name} (${berit.email}), ${bo.name} (${bo.email}).`)
    await expect(page).toHaveURL(/[?&]q=berg(&|$)/)
    await expect(row(bertil.name)).toBeVisible()
    await expect(row(berit.name)).toHaveCount(0)
    await expect(row(bo.name)).toHaveCount(0)

    // Without the search: the others are all still there.
    await page.goto(orgPath(org.id, 'members'))
    for (const user of [admin, cecilia, doris, bertil]) await expect(row(user.name)).toBeVisible()
    await expect(page.getByText('Visar 1–4 av 4')).toBeVisible()

    // The last admin cannot remove themself; the member selected with them goes.
    await page.getByRole('checkbox', { name: `Markera ${admin.name}` }).check()
    await page.getByRole('checkbox', { name: `Markera ${cecilia.name}` }).check()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Ta bort från organisationen',
      title: 'Ta bort medlemmar?',
      confirm: 'Ta bort medlemmar',
      check: (confirmation) => expect(confirmation).toContainText('De 2 markerade medlemmarna tas bort'),
    })
    await expect(toast(page, '1 av 2 klara.', 'alert')).toContainText(
      `${admin.name} (${admin.email}): Organisationens sista administratör kan inte tas bort.`,
    )
    await expect(row(admin.name)).toBeVisible()
    await expect(row(cecilia.name)).toHaveCount(0)
    await expect(row(doris.name)).toBeVisible()

    // Berit left the group too: its member count went down with her.
    await page.goto(orgPath(org.id, 'groups'))
    const groupRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: group.name, exact: true }) })
    // Columns: select, name (row header), kind, owner, members.
    await expect(groupRow.getByRole('cell').nth(3)).toHaveText('2')

    // The organization home shows the admin's latest actions with their results.
    await page.goto(orgPath(org.id))
    const activity = page.getByRole('region', { name: 'Senaste administratörshändelser' })
    const removals = activity.getByRole('row').filter({ hasText: 'Tog bort medlemmar' })
    await expect(removals).toHaveCount(2)
    await expect(removals.filter({ hasText: '2 av 3 lyckades' })).toContainText(admin.name)
    await expect(removals.filter({ hasText: '1 av 2 lyckades' })).toContainText(
      'Organisationens sista administratör kan inte tas bort. (1)',
    )

    // What the database holds agrees: membership rows and the group's member_count.
    const left = appDb().prepare('select count(*) as n from organization_members where organization_id = ?').get(org.id) as { n: number }
    expect(left.n).toBe(3)
    expect(groupMembers(group.id).map((m) => m.name)).toEqual([bertil.name, doris.name])
    const { member_count } = appDb().prepare('select member_count from groups where id = ?').get(group.id) as { member_count: number }
    expect(member_count).toBe(2)
  },
)

test('with JavaScript, cancelling the confirmation removes nobody', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld({ memberNames: ['Erik Ek', 'Frida Fors'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  const remove = page.getByRole('button', { name: 'Ta bort från organisationen', exact: true })
  await expect(remove).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Markera alla på sidan' }).check()
  await expect(page.getByText('3 markerade')).toBeVisible()
  await page.getByRole('checkbox', { name: `Markera ${admin.name}` }).uncheck()
  await expect(page.getByText('2 markerade')).toBeVisible()
  await remove.click()
  const dialog = page.getByRole('dialog', { name: 'Ta bort medlemmar?' })
  await expect(dialog).toContainText('De 2 markerade medlemmarna tas bort')
  for (const user of members) await expect(dialog.getByRole('listitem').filter({ hasText: user.name })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Avbryt' }).click()
  await expect(dialog).toBeHidden()
  await page.reload()
  for (const user of [admin, ...members]) await expect(page.getByRole('rowheader', { name: user.name, exact: true })).toBeVisible()
})

test(
  '"select all N matching" acts on every member the search matches, beyond the page',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const names = Array.from({ length: 53 }, (_, i) => `Lärare ${String(i + 1).padStart(2, '0')}`)
    const { org, admin, members } = await createOrgWorld({ memberNames: [...names, 'Vaktmästare Ville'] })
    await signIn(page, admin)
    await page.goto(`${orgPath(org.id, 'members')}?q=l%C3%A4rare`)
    await expect(page.getByText('Visar 1–50 av 53')).toBeVisible()

    await page.getByRole('checkbox', { name: 'Markera alla 53 som matchar' }).check()
    if (javaScriptEnabled) await expect(page.getByText('53 markerade')).toBeVisible()
    await page.getByRole('button', { name: 'Gör till gruppskapare', exact: true }).click()
    await expect(toast(page, '53 av 53 klara.')).toBeVisible()

    const creators = appDb()
      .prepare('select count(*) as n from organization_members where organization_id = ? and is_group_creator = 1')
      .get(org.id) as { n: number }
    expect(creators.n).toBe(53)
    const janitor = members[members.length - 1]
    const flag = appDb().prepare('select is_group_creator as g from organization_members where user_id = ?').get(janitor.id) as {
      g: number
    }
    expect(flag.g).toBe(0)
  },
)

test(
  'an admin makes a member admin and takes it back, never from the last admin; two people of one name differ by address',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
    // Two people of the same name: the confirmation and the result tell them apart by address.
    const alma1 = await insertUser({ name: `Alma Lindqvist ${tag}` })
    const alma2 = await insertUser({ name: `Alma Lindqvist ${tag}` })
    for (const alma of [alma1, alma2]) addMember(org.id, alma.id)
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    const adminCell = (user: { email: string }) => page.getByRole('row').filter({ hasText: user.email }).getByRole('cell').nth(4)
    await page.getByRole('checkbox', { name: `Markera ${alma1.name} (${alma1.email})` }).check()
    await page.getByRole('checkbox', { name: `Markera ${alma2.name} (${alma2.email})` }).check()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Gör till administratörer',
      title: 'Göra medlemmarna till administratörer?',
      confirm: 'Gör till administratörer',
      check: async (confirmation) => {
        await expect(confirmation).toContainText('De 2 valda medlemmarna kommer att administrera organisationen')
        for (const alma of [alma1, alma2]) await expect(confirmation).toContainText(`${alma.name} (${alma.email})`)
      },
    })
    await expect(toast(page, '2 av 2 klara.')).toContainText(`${alma1.name} (${alma1.email})`)
    await expect(toast(page, '2 av 2 klara.')).toContainText(`${alma2.name} (${alma2.email})`)
    await expect(adminCell(alma1)).toHaveText('Ja')

    // Taking it back: Alma 1 goes back to member; the admin role of the last admin stays.
    await page.getByRole('checkbox', { name: `Markera ${alma1.name} (${alma1.email})` }).check()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Ta bort som administratörer',
      title: 'Ta bort administratörerna?',
      confirm: 'Ta bort som administratörer',
    })
    await expect(toast(page, '1 av 1 klara.')).toBeVisible()
    await expect(adminCell(alma1)).toHaveText('Nej')
    const role = (id: string) =>
      (
        appDb().prepare('select role from organization_members where organization_id = ? and user_id = ?').get(org.id, id) as {
          role: string
        }
      ).role
    expect(role(alma1.id)).toBe('member')
    expect(role(alma2.id)).toBe('admin')

    // The audit log says who did it.
    await page.goto(orgPath(org.id, 'audit'))
    await expect(page.getByRole('row').filter({ hasText: 'Gjorde medlemmar till administratörer' })).toContainText(admin.name)
    await expect(page.getByRole('row').filter({ hasText: 'Tog bort administratörer' })).toContainText(admin.name)
  },
)
