import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, createOrgWorld, insertGroup, insertInvitation, orgPath, signIn } from '../support/e2e/orgs'

/*
 * The layout at phone and desktop widths (issue 23, item 7): on a phone no page scrolls sideways
 * (the organization's tabs wrap, its tables scroll inside their own box), the page starts right
 * under the header; on a desktop the header lines up with the page below it; the side menu tells
 * long group names apart.
 */

const LONG = 'Samhällskunskap 7A höstterminen 2026 med fördjupning i demokrati, rättigheter och ekonomi'

async function world() {
  const { org, admin, members } = await createOrgWorld({ memberNames: ['Berit Bergström-Lindqvist', 'Bo Berglund'] })
  addMember(org.id, members[0].id, { groupCreator: true })
  insertGroup(org.id, { name: LONG, owner: admin, members: [members[0]] })
  insertGroup(org.id, { name: 'Samhällskunskap 7B höstterminen', owner: admin, members: [members[1]] })
  insertInvitation({ organizationId: org.id, type: 'email', email: 'ny.gruppskapare@example.se', createdBy: admin.id })
  return { org, admin }
}

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

for (const { width, height } of [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
]) {
  test(
    `on a ${width}×${height} phone no organization screen scrolls sideways, every tab is in view, the page starts under the header`,
    { tag: '@nojs' },
    async ({ page }) => {
      await page.setViewportSize({ width, height })
      const { org, admin } = await world()
      await signIn(page, admin)
      for (const [tab, heading] of [
        [undefined, 'Översikt'],
        ['members', 'Medlemmar'],
        ['groups', 'Grupper'],
        ['group-creators', 'Gruppskapare'],
        ['audit', 'Händelselogg'],
      ] as const) {
        await page.goto(orgPath(org.id, tab))
        await expect(page.getByRole('navigation', { name: 'Brödsmulor' }).locator('[aria-current="page"]')).toHaveText(heading)
        expect(await pageScrollsSideways(page), `${tab ?? 'home'} scrolls sideways`).toBe(false)
        const tabs = page.getByRole('navigation', { name: 'Organisation' })
        for (const name of ['Översikt', 'Medlemmar', 'Grupper', 'Gruppskapare', 'Händelselogg']) {
          await expect(tabs.getByRole('link', { name, exact: true }), `${name} on ${tab ?? 'home'}`).toBeInViewport({ ratio: 1 })
        }
        // Each table stays inside the screen; a wide one scrolls inside its own box.
        for (const box of await page
          .locator('main table')
          .evaluateAll((tables) => tables.map((t) => t.parentElement!.getBoundingClientRect().right))) {
          expect(box).toBeLessThanOrEqual(width)
        }
        // No gap between the header and the page: the breadcrumbs follow within the page's padding.
        const header = await page.locator('body header').first().boundingBox()
        const crumbs = await page.getByRole('navigation', { name: 'Brödsmulor' }).boundingBox()
        expect(crumbs!.y - (header!.y + header!.height), `gap under the header on ${tab ?? 'home'}`).toBeLessThanOrEqual(20)
      }
      // The header on a page of its own, with the side menu open.
      await page.goto('/support')
      expect(await pageScrollsSideways(page)).toBe(false)
      await page.getByText('Meny', { exact: true }).click()
      expect(await pageScrollsSideways(page)).toBe(false)
    },
  )
}

test('on a desktop the header lines up with the page below it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const { org, admin } = await world()
  await signIn(page, admin)
  for (const path of [orgPath(org.id, 'groups'), '/support']) {
    await page.goto(path)
    const inner = await page.locator('body header > div').first().boundingBox()
    const content = await page.locator('#main-content').locator('..').boundingBox()
    expect([inner!.x, inner!.width], path).toEqual([content!.x, content!.width])
    expect(await pageScrollsSideways(page)).toBe(false)
  }
})

test('the side menu tells long group names apart: two lines, the whole name on hover and on focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const { admin } = await world()
  await signIn(page, admin)
  await page.goto('/support')
  const menu = page.getByRole('navigation', { name: 'Sidomeny' })
  const other = menu.getByRole('link', { name: 'Samhällskunskap 7B höstterminen' })
  const long = menu.getByRole('link', { name: LONG })
  // A name that fits in two lines is shown whole; a longer one is clamped to two lines (the link
  // itself: its role's icons are its ::after, issue 25).
  const clipped = (link: typeof long) => link.evaluate((name) => name.scrollHeight > name.clientHeight + 1)
  expect(await clipped(other)).toBe(false)
  // Two lines of 1.25 rem and the padding: 52 px (one line would be 32).
  expect(await other.evaluate((name) => name.getBoundingClientRect().height)).toBeGreaterThan(45)
  expect(await clipped(long)).toBe(true)
  expect(await long.getAttribute('title')).toMatch(new RegExp(`^${LONG} \\(`))
  await long.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(long).toBeFocused()
  expect(await clipped(long)).toBe(false)
})
