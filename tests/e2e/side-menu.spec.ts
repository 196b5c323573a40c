import { expect, test } from '../support/e2e/fixtures'
import { createOrgWorld, insertGroup, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'

/*
 * The side menu is rendered once: always shown beside the page from md (768 px) up, a "Meny"
 * disclosure on a phone, which opens without JavaScript.
 */

test('the side menu is beside the page on a wide screen and one disclosure on a phone', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  const menu = page.getByRole('navigation', { name: 'Sidomeny' })
  const orgLink = menu.getByRole('link', { name: org.name })
  // In the DOM once, shown or not.
  const menuCopies = page.locator('nav[aria-label="Sidomeny"]')

  await page.setViewportSize({ width: 1200, height: 800 })
  await page.goto('/organizations')
  await expect(menuCopies).toHaveCount(1)
  await expect(orgLink).toBeVisible()
  await expect(page.getByText('Meny', { exact: true })).toBeHidden()

  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/organizations')
  await expect(menuCopies).toHaveCount(1)
  await expect(orgLink).toBeHidden()
  await page.getByText('Meny', { exact: true }).click()
  await orgLink.click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
})

test(
  "each group's role flags are icons with a tooltip, drawn by the stylesheet (no element of their own), and read out with the role",
  { tag: '@nojs' },
  async ({ page }) => {
    const t = tag()
    const org = insertOrganization(`Flaggskolan ${t}`)
    const owner = await insertUser({ name: `Olle Ägare ${t}` })
    const user = await insertUser({ name: `Lisa Ledare ${t}` })
    const group = insertGroup(org.id, { name: `Flaggor ${t}`, owner, members: [[user, 'leader']] })
    await signIn(page, user)
    await page.setViewportSize({ width: 1200, height: 800 })
    await page.goto('/organizations')
    const link = page.getByRole('navigation', { name: 'Sidomeny' }).getByRole('link', { name: new RegExp(`Flaggor ${t}`) })
    await expect(link).toHaveAccessibleName(
      new RegExp(
        `^Flaggor ${t} ?\\(Ledare, Kan se andras loopar, Kan skapa eller redigera uppgifter och taggar, Kan skicka fria loopar eller rapporter\\)$`,
      ),
    )
    // The tooltip names the role and its flags; the icons are the link's ::after (issue 25: three elements a group).
    await expect(link).toHaveAttribute(
      'title',
      `Flaggor ${t} (Ledare, Kan se andras loopar, Kan skapa eller redigera uppgifter och taggar, Kan skicka fria loopar eller rapporter)`,
    )
    await expect(link).toHaveClass(/\brole-flags-leader\b/)
    await expect(link.locator('*')).toHaveCount(1)
    // Drawn: the stylesheet gives the icons their size and shape (a mask layer of each flag's outline).
    const drawn = await link.evaluate((el) => {
      const style = getComputedStyle(el, '::after')
      return { width: parseFloat(style.width), mask: style.maskImage || style.getPropertyValue('-webkit-mask-image') }
    })
    expect(drawn.width).toBeGreaterThan(3 * 10)
    expect(drawn.mask.match(/data:image\/svg\+xml/g)).toHaveLength(3)
    await page.goto(`/groups/${group.id}/home`)
    await expect(link).toHaveAttribute('aria-current', 'page')
  },
)

test("the layout's links navigate in the page, and a click with a modifier is left to the browser", async ({ page, context }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  await page.setViewportSize({ width: 1200, height: 800 })
  await page.goto('/organizations')
  // Gone if the document reloads: the links are plain anchors navigated by one handler (ui/app-link.tsx).
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true))
  const kept = () => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true)

  await page.getByRole('navigation', { name: 'Sidomeny' }).getByRole('link', { name: org.name }).click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
  expect(await kept()).toBe(true)

  const feed = page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: /^Flöde/ })
  await feed.click()
  await expect(page).toHaveURL('/')
  await expect(feed).toHaveAttribute('aria-current', 'page')
  expect(await kept()).toBe(true)

  // Ctrl/Cmd-click opens a new tab as a browser does; this page stays where it is.
  const opened = context.waitForEvent('page')
  await page
    .getByRole('navigation', { name: 'Huvudmeny' })
    .getByRole('link', { name: 'Support' })
    .click({ modifiers: ['ControlOrMeta'] })
  await (await opened).close()
  await expect(page).toHaveURL('/')
  expect(await kept()).toBe(true)
})
