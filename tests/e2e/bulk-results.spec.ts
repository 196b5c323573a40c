import { seriousViolations } from '../support/e2e/axe'
import { confirmBulkAction, toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, createOrgWorld, insertGroup, insertUser, orgPath, signIn } from '../support/e2e/orgs'
import { pickPerson } from '../support/e2e/people-picker'

/*
 * Results that name things (issue 23), as an English-speaking admin: a confirmation lists what it
 * will change, and a bulk result names each failed person or group beside its error. Tagged @nojs:
 * the chromium-nojs project runs them again without JavaScript, where the confirmation is the
 * server's step with the chosen items as ticked boxes. axe runs on each state (with JavaScript:
 * it runs in the page).
 */

const groupExists = (id: string) => appDb().prepare('select 1 from groups where id = ?').get(id) !== undefined
const ownerOf = (id: string) => (appDb().prepare('select owner_id from groups where id = ?').get(id) as { owner_id: string }).owner_id

test(
  'delete groups: the confirmation names them (ticked boxes without JavaScript), the result names those deleted',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, members, tag } = await createOrgWorld({ adminLocale: 'en', memberNames: ['Olle Ohlsson'] })
    const [olle] = members
    const [art, choir, chess] = ['Art 7A', 'Choir', 'Chess club'].map((name) =>
      insertGroup(org.id, { name: `${name} ${tag}`, owner: olle }),
    )
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    for (const g of [art, choir, chess]) await page.getByRole('checkbox', { name: `Select ${g.name}` }).check()

    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Delete',
      title: 'Delete groups?',
      confirm: 'Delete groups',
      check: async (confirmation) => {
        await expect(confirmation).toContainText('The 3 selected groups are deleted')
        await expect(confirmation).toContainText('Groups to delete')
        for (const g of [art, choir, chess]) {
          if (javaScriptEnabled) await expect(confirmation.getByRole('listitem').filter({ hasText: g.name })).toBeVisible()
          else await expect(confirmation.getByRole('checkbox', { name: g.name, exact: true })).toBeChecked()
        }
        if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
      },
      // Without JavaScript the admin can still leave one out: untick it and confirm the others.
      beforeConfirm: async () => {
        if (!javaScriptEnabled)
          await page.getByRole('alertdialog', { name: 'Delete groups?' }).getByRole('checkbox', { name: choir.name, exact: true }).uncheck()
      },
    })

    // In the list's order (by name).
    const deleted = javaScriptEnabled ? [art, chess, choir] : [art, chess]
    const result = toast(page, `${deleted.length} of ${deleted.length} groups deleted.`)
    await expect(result).toContainText(`Done: ${deleted.map((g) => g.name).join(', ')}.`)
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    for (const g of deleted) expect(groupExists(g.id)).toBe(false)
    expect(groupExists(choir.id)).toBe(!javaScriptEnabled)
  },
)

test(
  'a partial bulk failure names the person who could not be removed, and the audit list says it was partly done',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, members, tag } = await createOrgWorld({ adminLocale: 'en', memberNames: ['Anna Andersson', 'Bo Berg'] })
    const [anna, bo] = members
    // Filip owns a group: a group always keeps its owner, so he stays.
    const filip = await insertUser({ name: `Filip Sandberg ${tag}` })
    addMember(org.id, filip.id)
    insertGroup(org.id, { name: `Woodwork ${tag}`, owner: filip })
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    for (const user of [anna, bo, filip]) await page.getByRole('checkbox', { name: `Select ${user.name}` }).check()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Remove from the organization',
      title: 'Remove members?',
      confirm: 'Remove members',
      check: async (confirmation) => {
        await expect(confirmation).toContainText('The 3 selected members will be removed')
        await expect(confirmation).toContainText(`Members to remove`)
        await expect(confirmation).toContainText(filip.name)
      },
    })

    const result = toast(page, '2 of 3 done. Not done:', 'alert')
    await expect(result.getByRole('listitem')).toHaveText([
      `${filip.name} (${filip.email}): The person owns a group of the organization. Give the group a new owner first.`,
    ])
    await expect(result).toContainText(`Done: ${anna.name} (${anna.email}), ${bo.name} (${bo.email}).`)
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

    await page.goto(orgPath(org.id))
    const removal = page.getByRole('region', { name: 'Latest admin activity' }).getByRole('row').filter({ hasText: 'Removed members' })
    await expect(removal).toContainText('Partly done: 2 of 3 succeeded')
    await expect(removal).toContainText('The person owns a group of the organization. Give the group a new owner first. (1)')
  },
)

test(
  'changing owners asks before the old owner leaves, naming who leaves which group',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, members, tag } = await createOrgWorld({ adminLocale: 'en', memberNames: ['Olle Ohlsson', 'Nora Nilsson'] })
    const [olle, nora] = members
    const art = insertGroup(org.id, { name: `Art 7A ${tag}`, owner: olle })
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'groups'))
    await page.getByRole('checkbox', { name: `Select ${art.name}` }).check()
    await page.getByRole('button', { name: 'Change owners', exact: true }).click()
    const panel = page.getByRole('form', { name: 'Change owners' })
    await expect(panel).toBeVisible()
    if (javaScriptEnabled) await page.waitForLoadState('networkidle')
    await pickPerson(page, 'New owner', { query: nora.name, name: new RegExp(nora.name), javaScriptEnabled, locale: 'en' })
    await panel.getByLabel('The old owner becomes', { exact: true }).selectOption({ label: 'Removed from the group' })
    await panel.getByRole('button', { name: 'Save the new owners' }).click()

    const removal = panel.getByRole('alert').filter({ hasText: 'The old owner of 1 group will leave it. This cannot be undone.' })
    await expect(removal.getByRole('listitem')).toHaveText([`${olle.name} leaves ${art.name}`])
    // Nothing changed yet; the panel keeps the picked owner for the confirmation.
    expect(ownerOf(art.id)).toBe(olle.id)
    await expect(
      panel.getByRole('group', { name: 'New owner', exact: true }).getByRole('radio', { name: new RegExp(nora.name) }),
    ).toBeChecked()
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    await removal.getByRole('button', { name: 'Save and remove the old owners' }).click()
    await expect(toast(page, 'New owner for 1 of 1 group.')).toContainText(`Done: ${art.name}.`)
    expect(ownerOf(art.id)).toBe(nora.id)
  },
)
