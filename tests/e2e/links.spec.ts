import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, createOrgWorld, insertGroup, insertUser, orgPath, signIn } from '../support/e2e/orgs'

/*
 * No dead ends: every link a page shows leads somewhere that works for the person who sees it.
 * Each signed-in page is loaded (menus included, open or not), every same-origin link on it is
 * requested as that user, and none may answer 404 or a server error.
 */

/** The same-origin link targets of the page (path and query), without fragments. */
async function linksOf(page: Page) {
  const origin = new URL(page.url()).origin
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`)
}

async function crawl(page: Page, startPaths: string[]) {
  const checked = new Map<string, number>()
  for (const start of startPaths) {
    await page.goto(start)
    for (const path of await linksOf(page)) {
      if (checked.has(path)) continue
      const response = await page.request.get(path, { maxRedirects: 5 })
      checked.set(path, response.status())
    }
  }
  const broken = [...checked].filter(([, status]) => status === 404 || status >= 500)
  expect(broken, `links that lead nowhere: ${JSON.stringify(broken)}`).toEqual([])
  return checked
}

test('an admin meets no dead link on any page they can reach', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld({ memberNames: ['Lena Lind', 'Per Persson'] })
  insertGroup(org.id, { name: `Klass 9B ${org.name}`, owner: admin, members: [members[0]] })
  await signIn(page, admin)
  const checked = await crawl(page, [
    '/',
    '/support',
    '/organizations',
    orgPath(org.id),
    orgPath(org.id, 'members'),
    `${orgPath(org.id, 'members')}?page=2`,
    orgPath(org.id, 'groups'),
    orgPath(org.id, 'group-creators'),
    '/invitation-code',
  ])
  // The crawl saw the organization's tabs, so it looked at real pages.
  expect([...checked.keys()]).toEqual(expect.arrayContaining([orgPath(org.id, 'members'), orgPath(org.id, 'groups')]))
})

test('a member and a group creator meet no dead link either', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  const creator = await insertUser({ name: 'Greta Gruppskapare' })
  addMember(org.id, creator.id, { groupCreator: true })
  insertGroup(org.id, { name: `Körgruppen ${org.name}`, owner: admin, members: [creator] })
  await signIn(page, creator)
  await crawl(page, ['/', '/support', '/organizations', '/invitation-code'])
})
