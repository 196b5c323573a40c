import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertUser, signIn } from '../support/e2e/orgs'

/*
 * /platform/telemetry: a platform admin sees the p75 of each vital per route as bars against the
 * good/poor thresholds, and the latest errors, in both languages; anyone else gets the not-found
 * screen. A read-only page: the same without JavaScript (@nojs).
 */

function insertEvents(route: string) {
  const now = new Date().toISOString()
  const insert = appDb().prepare(
    `insert into telemetry_events (id, kind, name, route, value, message, app_version, created_at) values (?, ?, ?, ?, ?, ?, '0.1.0+e2e', ?)`,
  )
  for (const value of [1200, 2600, 5200, 5400]) insert.run(randomBytes(12).toString('hex'), 'vital', 'LCP', route, value, null, now)
  insert.run(randomBytes(12).toString('hex'), 'error', 'error', route, null, `TypeError: ${route} broke`, now)
}

for (const locale of ['sv', 'en'] as const) {
  test(`a platform admin sees p75 per route and the latest errors (${locale}) @nojs`, async ({ page, javaScriptEnabled }) => {
    const admin = await insertUser({ name: 'Tea Telemetri', locale })
    appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(admin.id)
    const route = `/e2e/${randomBytes(3).toString('hex')}/:id`
    insertEvents(route)
    await signIn(page, admin)
    await page.goto('/platform/telemetry')
    const t =
      locale === 'sv'
        ? { title: 'Telemetri', poor: 'Dålig', errors: 'Senaste felen' }
        : { title: 'Telemetry', poor: 'Poor', errors: 'Latest errors' }
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible()
    // Nearest-rank p75 of 4 figures: the 3rd, 5200 ms, poor (above 4000).
    const lcp = page.getByRole('table', { name: 'Largest Contentful Paint (LCP)' })
    const row = lcp.getByRole('row').filter({ hasText: route })
    await expect(row).toContainText('5200 ms')
    await expect(row).toContainText(t.poor)
    await expect(
      page
        .getByRole('table', { name: t.errors })
        .getByRole('row')
        .filter({ hasText: `TypeError: ${route} broke` }),
    ).toBeVisible()
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
  })
}

test('anyone but a platform admin gets the not-found screen', async ({ page }) => {
  await signIn(page, await insertUser({ name: 'Vanlig Användare' }))
  const response = await page.goto('/platform/telemetry')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Telemetri' })).toHaveCount(0)
})
