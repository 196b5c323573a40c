import type { Page } from '@playwright/test'
import { deadEnds, linksOf, visitAll, type Visit } from '../support/e2e/crawl'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, createOrgWorld, insertGroup, insertUser, orgPath, signIn } from '../support/e2e/orgs'

/*
 * No dead ends: every link a page shows leads somewhere that works for the person who sees it.
 * Each signed-in page is loaded (menus included, open or not), every same-origin link on it is
 * requested as that user, and none may answer 404 or a server error.
 */

/** Loads each start page and requests every link on it as the signed-in user: none may lead nowhere. */
async function crawl(page: Page, startPaths: string[]) {
  const visits = new Map<string, Visit>()
  for (const start of startPaths) {
    await page.goto(start)
    await visitAll(page, await linksOf(page), visits)
  }
  expect(deadEnds(visits), 'links that lead nowhere').toEqual([])
  return visits
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
  await crawl(page, ['/', '/support', '/organizations', orgPath(org.id), '/groups', '/invitation-code'])
})
