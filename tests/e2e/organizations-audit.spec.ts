import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld, orgPath, signIn, type DbUser } from '../support/e2e/orgs'

/*
 * The organization's audit log (issue 28 item 7), with and without JavaScript: reached from the
 * home's "Show all" and the tabs, filtered by action, actor and dates, paged, exported as CSV.
 */

const newId = () => randomBytes(12).toString('hex')

/** An entry as a service records it. */
function insertEntry(
  organizationId: string,
  e: { actor?: DbUser; tokenId?: string; action: string; items?: string[]; result?: object; at: string },
) {
  appDb()
    .prepare(
      `insert into audit_log (id, organization_id, actor_id, directory_token_id, action, items, result, created_at, status)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'done')`,
    )
    .run(
      newId(),
      organizationId,
      e.actor?.id ?? null,
      e.tokenId ?? null,
      e.action,
      JSON.stringify(e.items ?? []),
      JSON.stringify(e.result ?? { SUCCESS: 1 }),
      e.at,
    )
}

/** An organization with 52 group creators added by its admin in October, a member removed and a person provisioned by its directory. */
async function world(adminLocale: 'sv' | 'en' = 'sv') {
  const w = await createOrgWorld({ memberNames: ['Berit Berg', 'Bo Berglund'], adminLocale })
  const [berit, bo] = w.members
  for (let i = 0; i < 52; i++) {
    insertEntry(w.org.id, {
      actor: w.admin,
      action: 'groupCreators.add',
      items: [berit.id],
      at: new Date(Date.UTC(2026, 9, 1, 8, i)).toISOString(),
    })
  }
  insertEntry(w.org.id, { actor: w.admin, action: 'members.remove', items: [bo.id], at: '2026-10-20T10:00:00.000Z' })
  const tokenId = newId()
  appDb()
    .prepare(`insert into directory_tokens (id, organization_id, name, token_hash, created_at) values (?, ?, ?, ?, ?)`)
    .run(tokenId, w.org.id, `Skolans katalog ${w.tag}`, newId(), '2026-10-01T00:00:00.000Z')
  insertEntry(w.org.id, { tokenId, action: 'directory.users.create', items: [berit.id], at: '2026-10-21T10:00:00.000Z' })
  return { ...w, tokenId }
}

const rows = (page: import('@playwright/test').Page) => page.getByRole('table', { name: 'Händelselogg' }).locator('tbody tr')

test(
  'an admin finds the log from the home, filters it by action, actor and dates, pages and exports it',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    /** Choosing in a list: with JavaScript the page filters at once (awaited before the next step); without, the button does. */
    const choose = async (label: string, option: string, url: RegExp) => {
      await page.getByLabel(label, { exact: true }).selectOption({ label: option })
      if (javaScriptEnabled) await expect(page).toHaveURL(url)
    }
    const apply = async () => {
      if (!javaScriptEnabled) await page.getByRole('button', { name: 'Filtrera' }).click()
    }
    const w = await world()
    await signIn(page, w.admin)
    await page.goto(orgPath(w.org.id))
    await page.getByRole('link', { name: 'Visa alla' }).click()
    await expect(page).toHaveURL(orgPath(w.org.id, 'audit'))
    await expect(page.getByRole('heading', { level: 1, name: 'Händelselogg' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Organisation' }).getByRole('link', { name: 'Händelselogg' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByText('Tiderna är i din tidszon (Europe/Stockholm).')).toBeVisible()

    // Newest first: the directory's provisioning, by its token's name, then the removal.
    await expect(rows(page)).toHaveCount(50)
    await expect(rows(page).nth(0)).toContainText(`Skolans katalog ${w.tag} (katalog)`)
    await expect(rows(page).nth(0)).toContainText('Lade till en person från katalogen')
    await expect(rows(page).nth(1)).toContainText(`${w.admin.name}Tog bort medlemmarBo Berglund ${w.tag}1Klart`)
    await expect(rows(page).nth(0).locator('time')).toHaveText('21 okt. 2026 12:00')

    // Paging keeps the filters.
    await page.getByRole('link', { name: 'Nästa' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(rows(page)).toHaveCount(4)
    await expect(page.getByText('Visar 51–54 av 54')).toBeVisible()

    // By action.
    await choose('Händelse', 'Tog bort medlemmar', /action=members\.remove/)
    await apply()
    await expect(page).toHaveURL(/action=members\.remove/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(rows(page)).toHaveCount(1)

    // By actor: the directory.
    await choose('Händelse', 'Alla händelser', /action=&/)
    await choose('Vem', `Skolans katalog ${w.tag} (katalog)`, /actor=d%3A/)
    await apply()
    await expect(page).toHaveURL(new RegExp(`actor=d%3A${w.tokenId}`))
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first()).toContainText('Lade till en person från katalogen')

    // By dates: a range without entries says so; then one day.
    await choose('Vem', 'Alla', /actor=&/)
    await page.getByLabel('Från (datum)', { exact: true }).fill('2026-10-02')
    await page.getByLabel('Till (datum)', { exact: true }).fill('2026-10-19')
    await page.getByRole('button', { name: 'Filtrera' }).click()
    await expect(page).toHaveURL(/from=2026-10-02&to=2026-10-19/)
    await expect(page.getByText('Inget i loggen matchar filtren.')).toBeVisible()
    await page.getByLabel('Från (datum)', { exact: true }).fill('2026-10-20')
    await page.getByLabel('Till (datum)', { exact: true }).fill('2026-10-20')
    await page.getByRole('button', { name: 'Filtrera' }).click()
    await expect(page).toHaveURL(/from=2026-10-20&to=2026-10-20/)
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first()).toContainText('Tog bort medlemmar')

    // The CSV holds what the filters show, in Swedish Excel's form.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportera CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`Händelselogg-${w.org.name}.csv`)
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toBe(
      `\uFEFFNär;Vem;Vad;Gäller;Antal;Resultat\r\n2026-10-20 12:00;${w.admin.name};Tog bort medlemmar;Bo Berglund ${w.tag};1;Klart\r\n`,
    )

    // Clearing the filters shows everything again.
    await page.getByRole('link', { name: 'Rensa filter' }).click()
    await expect(page).toHaveURL(orgPath(w.org.id, 'audit'))
    await expect(rows(page)).toHaveCount(50)
    await expect(page.getByLabel('Till (datum)', { exact: true })).toHaveValue('')
  },
)

test('with JavaScript, choosing an action filters at once, and the focus stays on the list', async ({ page }) => {
  const w = await world('en')
  await signIn(page, w.admin)
  await page.goto(orgPath(w.org.id, 'audit'))
  await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr')).toHaveCount(50)
  // As a person does: into the list (keyboard or click), then a choice.
  await page.getByLabel('Action', { exact: true }).focus()
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Removed members' })
  await expect(page).toHaveURL(/action=members\.remove/)
  await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr')).toHaveCount(1)
  await expect(page.getByLabel('Action', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('members.remove')
})

test('an organization without entries says so', { tag: '@nojs' }, async ({ page }) => {
  const w = await createOrgWorld({ memberNames: [] })
  await signIn(page, w.admin)
  await page.goto(orgPath(w.org.id, 'audit'))
  await expect(page.getByText('Inget har registrerats i organisationen ännu.')).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})

test(
  'on a 375 px phone the log, its filters and its table fit: nothing scrolls sideways but the table in its box',
  { tag: '@nojs' },
  async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 })
    const w = await world()
    await signIn(page, w.admin)
    await page.goto(orgPath(w.org.id, 'audit'))
    await expect(rows(page)).toHaveCount(50)
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false)
    for (const label of ['Händelse', 'Vem', 'Från (datum)', 'Till (datum)']) {
      const box = await page.getByLabel(label, { exact: true }).boundingBox()
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(375)
    }
    const tableBox = await page.getByRole('table', { name: 'Händelselogg' }).evaluate((t) => t.parentElement!.getBoundingClientRect().right)
    expect(tableBox).toBeLessThanOrEqual(375)
  },
)
