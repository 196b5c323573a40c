import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld, insertGroup, orgPath, signIn } from '../support/e2e/orgs'

/*
 * The rough edges a new organization admin hit (issue 7, items 14 and 16): the skip link, where
 * focus goes after a bulk action, the tab strip on a phone, the breadcrumbs and the dialogs.
 */

const breadcrumbs = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Brödsmulor' })
const tabs = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Organisation' })

test('the first Tab reaches "Hoppa till innehållet", which moves to the page content', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Hoppa till innehållet' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  // The next Tab is inside the page, past the header and the side menu.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)
})

test('every organization screen ends its breadcrumbs with its own name, also after moving between tabs', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id))
  const trail = (last: string) => new RegExp(`^Groups\\s*/\\s*Organisationer\\s*/\\s*${org.name}\\s*/\\s*${last}$`)
  await expect(breadcrumbs(page)).toHaveText(trail('Översikt'))
  for (const [tab, name] of [
    ['Medlemmar', 'Medlemmar'],
    ['Översikt', 'Översikt'],
    ['Grupper', 'Grupper'],
    ['Gruppskapare', 'Gruppskapare'],
    ['Översikt', 'Översikt'],
  ] as const) {
    await tabs(page).getByRole('link', { name: tab, exact: true }).click()
    await expect(breadcrumbs(page)).toHaveText(trail(name))
    await expect(breadcrumbs(page).locator('[aria-current="page"]')).toHaveText(name)
  }
})

test('on a phone every tab of the strip is in view (they wrap), the current one too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const { org, admin } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'group-creators'))
  const strip = tabs(page)
  expect(await strip.evaluate((n) => n.scrollWidth > n.clientWidth)).toBe(false)
  for (const name of ['Översikt', 'Medlemmar', 'Grupper', 'Gruppskapare'])
    await expect(strip.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 })
  await strip.getByRole('link', { name: 'Översikt', exact: true }).click()
  await expect(strip.getByRole('link', { name: 'Översikt', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(strip.getByRole('link', { name: 'Översikt', exact: true })).toBeInViewport({ ratio: 0.95 })
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})

test('after a bulk action the result summary has the focus and is announced; Close gives the focus to the page', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld({ memberNames: ['Berit Berg', 'Bo Berglund'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  for (const m of members) await page.getByRole('checkbox', { name: `Markera ${m.name}` }).check()
  await page.getByRole('button', { name: 'Gör till gruppskapare', exact: true }).click()
  const summary = page.getByRole('status').filter({ hasText: '2 av 2 klara.' })
  await expect(summary).toBeVisible()
  await expect(summary.locator('[tabindex="-1"]')).toBeFocused()
  // At the top of the page content, before the breadcrumbs.
  expect(
    await summary.evaluate(
      (s) =>
        !!s.closest('main') &&
        !!(s.compareDocumentPosition(document.querySelector('nav[aria-label="Brödsmulor"]')!) & Node.DOCUMENT_POSITION_FOLLOWING),
    ),
  ).toBe(true)
  await summary.getByRole('button', { name: 'Stäng' }).click()
  await expect(summary).toBeHidden()
  await expect(page.getByRole('main')).toBeFocused()
  // It belongs to that page: the next page does not show it again.
  await page.getByRole('checkbox', { name: `Markera ${members[0].name}` }).check()
  await page.getByRole('button', { name: 'Ta bort som gruppskapare', exact: true }).click()
  const next = page.getByRole('status').filter({ hasText: '1 av 1 klara.' })
  await expect(next.locator('[tabindex="-1"]')).toBeFocused()
  await tabs(page).getByRole('link', { name: 'Grupper', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Grupper' })).toBeVisible()
  await expect(next).toBeHidden()
})

test(
  'without JavaScript the result summary is in the page, at the top of the content',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'the JavaScript case is the test above')
    const { org, admin, members } = await createOrgWorld({ memberNames: ['Berit Berg'] })
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    await page.getByRole('checkbox', { name: `Markera ${members[0].name}` }).check()
    await page.getByRole('button', { name: 'Gör till gruppskapare', exact: true }).click()
    const summary = page.getByRole('status').filter({ hasText: '1 av 1 klara.' })
    await expect(summary).toBeInViewport()
    const box = (await summary.boundingBox())!
    const crumbs = (await breadcrumbs(page).boundingBox())!
    expect(box.y).toBeLessThan(crumbs.y)
    expect(await summary.evaluate((s) => getComputedStyle(s.firstElementChild!).position)).toBe('static')
  },
)

test('a confirmation dialog is 400 px wide and opens in 150 ms, without motion when reduced motion is asked for', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  await page.getByRole('checkbox', { name: `Markera ${members[0].name}` }).check()
  const remove = page.getByRole('button', { name: 'Ta bort från organisationen', exact: true })
  await remove.click()
  const dialog = page.getByRole('dialog', { name: 'Ta bort medlemmar?' })
  await expect(dialog).toBeVisible()
  const style = () =>
    dialog.evaluate((d) => ({
      width: (d as HTMLElement).offsetWidth,
      duration: getComputedStyle(d).transitionDuration,
      property: getComputedStyle(d).transitionProperty,
    }))
  expect(await style()).toEqual({ width: 400, duration: expect.stringMatching(/^0\.15s/), property: expect.stringContaining('opacity') })
  await dialog.getByRole('button', { name: 'Avbryt' }).click()
  await expect(dialog).toBeHidden()

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await remove.click()
  await expect(dialog).toBeVisible()
  expect((await style()).property).toBe('none')
  await dialog.getByRole('button', { name: 'Avbryt' }).click()

  // On a phone it fits the screen.
  await page.setViewportSize({ width: 360, height: 740 })
  await remove.click()
  expect((await style()).width).toBeLessThanOrEqual(360 - 32)
})

test('a page past the end of a list shows the last page, with the search and sort kept', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: ['Berit Berg', 'Bo Berglund', 'Cecilia Carlsson'] })
  await signIn(page, admin)
  await page.goto(`${orgPath(org.id, 'members')}?q=berg&page=99&sort=email&dir=desc`)
  await expect(page).toHaveURL(new RegExp(`${orgPath(org.id, 'members')}\\?q=berg&sort=email&dir=desc$`))
  await expect(page.getByText('Visar 1–2 av 2')).toBeVisible()
})

test(
  'a failed update on the organization home says "Could not update organizations." with Try again',
  { tag: '@nojs' },
  async ({ page }) => {
    const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
    await signIn(page, admin)
    await page.goto(orgPath(org.id))
    const trigger = `e2e_fail_home_${tag}`
    appDb().exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON organizations FOR EACH ROW WHEN OLD.id = '${org.id}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    )
    try {
      const name = page.getByRole('region', { name: 'Namn' })
      await name.getByLabel('Organisationens namn').fill(`Nytt namn ${tag}`)
      await name.getByRole('button', { name: 'Spara namnet' }).click()
      await expect(page.getByRole('alert')).toHaveText('Det gick inte att uppdatera organisationer. Försök igen?')
      // Inside the organization's frame: its tabs and breadcrumbs stay.
      await expect(page.getByRole('navigation', { name: 'Organisation' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: 'Översikt' })).toBeVisible()
    } finally {
      appDb().exec(`DROP TRIGGER ${trigger}`)
    }
    await page.getByRole('link', { name: 'Försök igen?' }).click()
    await expect(page.getByRole('region', { name: 'Namn' }).getByLabel('Organisationens namn')).toHaveValue(org.name)
  },
)

test('the invitation dialog is 600 px wide and opens in 150 ms, without motion when reduced motion is asked for', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'group-creators'))
  const dialog = page.getByRole('dialog', { name: 'Bjud in en gruppskapare' })
  const style = () =>
    dialog.evaluate((d) => ({
      width: (d as HTMLElement).offsetWidth,
      duration: getComputedStyle(d).transitionDuration,
      property: getComputedStyle(d).transitionProperty,
    }))
  await page.getByRole('button', { name: 'Bjud in en gruppskapare' }).click()
  await expect(dialog).toBeVisible()
  expect(await style()).toEqual({ width: 600, duration: expect.stringMatching(/^0\.15s/), property: expect.stringContaining('opacity') })
  await dialog.getByRole('button', { name: 'Stäng' }).click()
  await expect(dialog).toBeHidden()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.getByRole('button', { name: 'Bjud in en gruppskapare' }).click()
  await expect(dialog).toBeVisible()
  expect((await style()).property).toBe('none')
})

test('a page past the end of the groups list shows its last page, filters kept', async ({ page }) => {
  const { org, admin, members, tag } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  insertGroup(org.id, { name: `Närvaro 7A ${tag}`, owner: admin, members, kind: 'attendance' })
  await signIn(page, admin)
  await page.goto(`${orgPath(org.id, 'groups')}?kind=attendance&page=4`)
  await expect(page).toHaveURL(new RegExp(`${orgPath(org.id, 'groups')}\\?kind=attendance$`))
  await expect(page.getByText('Visar 1–1 av 1')).toBeVisible()
})

test(
  'the settings forms are checked by the server: an empty name and a bad address are said at their fields, and nothing changes',
  { tag: '@nojs' },
  async ({ page }) => {
    const { org, admin } = await createOrgWorld({ memberNames: [] })
    await signIn(page, admin)
    await page.goto(orgPath(org.id))

    const name = page.getByLabel('Organisationens namn')
    await name.fill('')
    await page.getByRole('button', { name: 'Spara namnet' }).click()
    await expect(page.getByText('Fältet måste fyllas i.')).toBeVisible()
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')

    const contact = page.getByRole('region', { name: 'Kontaktuppgifter' })
    await contact.getByLabel('Kontaktperson').fill('Karin Kontakt')
    await contact.getByLabel('E-post').fill('inte-en-adress')
    await contact.getByRole('button', { name: 'Spara kontaktuppgifterna' }).click()
    await expect(contact.getByText('Ange en giltig e-postadress.')).toBeVisible()
    // The focus on the first field in error; what was typed is there to correct.
    await expect(contact.getByLabel('E-post')).toBeFocused()
    await expect(contact.getByLabel('Kontaktperson')).toHaveValue('Karin Kontakt')
    const stored = appDb().prepare('select name, contact from organizations where id = ?').get(org.id) as { name: string; contact: string }
    expect(stored.name).toBe(org.name)
    expect(stored.contact).not.toContain('Karin Kontakt')
  },
)
