import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { confirmBulkAction } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld, insertGroup, orgPath, signIn } from '../support/e2e/orgs'

/*
 * An inactive organization (docs/organizations.md) as its admin sees it (Swedish): each of its
 * screens says so under its name and leaves out the actions that would fail, with the reason;
 * activating it on the home brings them back. Runs with and without JavaScript. Also: a bulk
 * action that stopped part-way shows on the home as not finished.
 */

test(
  'an inactive organization says so on its screens and leaves out what would fail; activated, they are back',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, members, tag } = await createOrgWorld()
    insertGroup(org.id, { name: `Klass 7A ${tag}`, owner: members[0] })
    appDb().prepare('update organizations set active = 0 where id = ?').run(org.id)
    await signIn(page, admin)
    const notice = page.getByRole('status').filter({ hasText: 'Organisationen är inaktiv.' })

    await page.goto(orgPath(org.id, 'groups'))
    await expect(notice).toBeVisible()
    await expect(notice).toContainText('inbjudningskoder kan inte användas')
    await expect(page.getByText('Grupper kan inte skapas, aktiveras eller få nya ägare medan organisationen är inaktiv.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Skapa grupp' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Gör aktiva', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Byt ägare', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Gör inaktiva', exact: true })).toBeVisible()
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

    await page.goto(orgPath(org.id, 'members'))
    await expect(notice).toBeVisible()
    await expect(page.getByText('Gruppskapare kan inte läggas till medan organisationen är inaktiv.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Gör till gruppskapare', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Ta bort som gruppskapare', exact: true })).toBeVisible()

    await page.goto(orgPath(org.id, 'group-creators'))
    await expect(notice).toBeVisible()
    await expect(
      page.getByText('Inbjudningar kan inte skickas och gruppskapare kan inte läggas till medan organisationen är inaktiv.').first(),
    ).toBeVisible()
    await expect(page.getByText('Bjud in en gruppskapare')).toHaveCount(0)
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

    await page.goto(orgPath(org.id))
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Aktivera organisationen',
      title: 'Aktivera organisationen?',
      confirm: 'Aktivera organisationen',
    })
    await expect(page.getByRole('button', { name: 'Inaktivera organisationen', exact: true })).toBeVisible()
    await expect(notice).toHaveCount(0)
    await page.goto(orgPath(org.id, 'groups'))
    await expect(page.getByRole('main').getByRole('link', { name: 'Skapa grupp', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Gör aktiva', exact: true })).toBeVisible()
  },
)

test('a bulk action that stopped part-way shows on the home as not finished, with what it committed', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld()
  appDb()
    .prepare(
      'insert into audit_log (id, organization_id, actor_id, action, items, result, created_at, status) values (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      randomBytes(12).toString('hex'),
      org.id,
      admin.id,
      'members.remove',
      JSON.stringify(members.map((m) => m.id)),
      JSON.stringify({ SUCCESS: 2 }),
      new Date().toISOString(),
      'started',
    )
  await signIn(page, admin)
  await page.goto(orgPath(org.id))
  const row = page.getByRole('row').filter({ hasText: 'Inte avslutad' })
  await expect(row).toContainText('2 av 4 lyckades')
  await expect(row).toContainText('Inte avslutad (pågår eller avbröts): 2 av 4 poster hanterade; de övriga har inte ändrats')
})
