import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { appDb } from '../support/e2e/orgs'
import { freePort, startServer, type ServerProcess } from '../support/e2e/second-servers'

/*
 * The page's background work (ADR 011) on Playwright's clock: the version check every 10 minutes
 * with its banner after a redeploy, and telemetry arriving at POST /api/telemetry, by fetch every
 * 5 s and by beacon when the page is hidden.
 */

/** The lazily loaded chunk of `name` has arrived (after hydration). */
const chunkLoaded = (page: Page, name: string) =>
  expect.poll(() => page.evaluate((n) => performance.getEntriesByType('resource').some((e) => e.name.includes(`/${n}-`)), name)).toBe(true)

test.describe('the version check', () => {
  test.describe.configure({ mode: 'serial' })
  let dir: string
  let server: ServerProcess | undefined
  test.afterAll(async () => {
    await server?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('after a redeploy, a polite banner offers a reload; the current build gets none', async ({ page }) => {
    test.setTimeout(120_000)
    // A server of its own, restarted on the same port with another build id, as a deploy does.
    dir = mkdtempSync(join(tmpdir(), 'e2e-version-'))
    const database = `file:${join(dir, 'app.db')}`
    const port = await freePort()
    server = await startServer(database, undefined, { port })
    await page.clock.install()
    await page.goto(`${server.baseUrl}/support`)
    await chunkLoaded(page, 'background-work')
    const banner = page.getByRole('status').filter({ hasText: 'Det finns en ny version' })

    const checked = page.waitForResponse((r) => r.url().endsWith('/api/app-report/check-version'))
    await page.clock.fastForward('10:00')
    expect(await (await checked).json()).toEqual({ enforceUpdate: false, recommendUpdate: false })
    await expect(banner).toBeHidden()

    await server.stop()
    server = await startServer(database, undefined, { port, env: { APP_BUILD_ID: '0.1.0+redeployed' } })
    const checkedAgain = page.waitForResponse((r) => r.url().endsWith('/api/app-report/check-version'))
    await page.clock.fastForward('10:00')
    expect(await (await checkedAgain).json()).toEqual({ enforceUpdate: false, recommendUpdate: true })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Senare' }).click()
    await expect(banner).toBeHidden()
  })
})

test('telemetry: vitals and errors arrive at the endpoint, by fetch and by beacon', async ({ page }) => {
  await page.clock.install()
  await page.goto('/support')
  await chunkLoaded(page, 'telemetry-start')
  // An uncaught error and an unhandled rejection as the page's listeners see them (synthetic:
  // a real one would fail the test as an uncaught exception).
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('e2e-telemetry-error'), message: 'e2e-telemetry-error' }))
    const promise = Promise.reject(new Error('e2e-telemetry-rejection'))
    promise.catch(() => {})
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason: new Error('e2e-telemetry-rejection') }))
  })
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/telemetry') && r.method() === 'POST')
  await page.clock.fastForward('00:05')
  const request = await sent
  expect((await request.response())?.status()).toBe(204)
  const body = request.postDataJSON() as { appVersion: string; events: { kind: string; name: string; route: string }[] }
  expect(body.appVersion).toMatch(/^\d+\.\d+\.\d+\+/)
  expect(body.events).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'error', name: 'error', route: '/support', message: 'TypeError: e2e-telemetry-error' }),
      expect.objectContaining({ kind: 'error', name: 'unhandledrejection', message: 'Error: e2e-telemetry-rejection' }),
      expect.objectContaining({ kind: 'vital', name: 'TTFB', route: '/support' }),
    ]),
  )

  // Hidden: web-vitals reports LCP and CLS, and what waits goes by beacon as text/plain.
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/telemetry') && r.headers()['content-type']?.startsWith('text/plain'))
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const names = ((await beacon).postDataJSON() as { events: { name: string }[] }).events.map((e) => e.name)
  expect(names).toEqual(expect.arrayContaining(['LCP', 'CLS']))
  await expect
    .poll(() => (appDb().prepare(`select count(*) as n from telemetry_events where route = '/support' and name = 'LCP'`).get() as { n: number }).n)
    .toBeGreaterThan(0)
})
