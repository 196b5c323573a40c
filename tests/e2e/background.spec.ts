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

/** The version check's chunk loads after hydration: time moves only once it is running. */
const versionCheckRunning = (page: Page) => expect(page.locator('[data-version-check]')).toBeAttached()

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
    await versionCheckRunning(page)
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

test('telemetry: vitals and errors arrive at the endpoint, by beacon when the page is left', async ({ page }) => {
  // No fake clock here: it replaces performance, which web-vitals reads. The 5 s dispatch and its
  // retries are tested on a fake clock in app/browser/telemetry.test.ts.
  // Every batch, by fetch (the 5 s timer runs in real time here) or by beacon.
  const events: { kind: string; name: string; route: string; message?: string }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/telemetry') && r.method() === 'POST') events.push(...(r.postDataJSON() as { events: typeof events }).events)
  })
  await page.goto('/support')
  // The telemetry chunk (web-vitals) loads after hydration and marks the document when it listens.
  await expect(page.locator('html[data-telemetry]')).toBeAttached()
  // A click (trusted input) ends LCP: web-vitals reports it in the next idle period.
  await page.mouse.click(5, 5)
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
  // Then, in one task: an uncaught error and an unhandled rejection as the page's listeners see
  // them (synthetic: a real one would fail the test as an uncaught exception), and leaving the
  // page, which sends what waits by beacon, as text/plain.
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/telemetry') && !!r.headers()['content-type']?.startsWith('text/plain'))
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('e2e-telemetry-error'), message: 'e2e-telemetry-error' }))
    const promise = Promise.reject(new Error('e2e-telemetry-rejection'))
    promise.catch(() => {})
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason: new Error('e2e-telemetry-rejection') }))
    setTimeout(() => location.assign('/healthz'))
  })
  const body = (await beacon).postDataJSON() as { appVersion: string; events: typeof events }
  expect(body.appVersion).toMatch(/^\d+\.\d+\.\d+\+/)
  expect(body.events.map((e) => e.name)).toEqual(expect.arrayContaining(['error', 'unhandledrejection']))
  for (const expected of [
    { kind: 'error', name: 'error', route: '/support', message: 'TypeError: e2e-telemetry-error' },
    { kind: 'error', name: 'unhandledrejection', route: '/support', message: 'Error: e2e-telemetry-rejection' },
    { kind: 'vital', name: 'FCP', route: '/support' },
    { kind: 'vital', name: 'TTFB', route: '/support' },
    { kind: 'vital', name: 'LCP', route: '/support' },
  ])
    expect(events, JSON.stringify(expected)).toContainEqual(expect.objectContaining(expected))
  const stored = () =>
    appDb().prepare(`select name from telemetry_events where route = '/support' and message = 'TypeError: e2e-telemetry-error'`).all()
  await expect.poll(() => stored().length).toBe(1)
})
