import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, tag } from '../support/e2e/orgs'
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
  // While the server restarts, a request of the page (telemetry every 5 s) finds nobody listening.
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_REFUSED/] })
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
  // retries are tested on a fake clock in app/browser/telemetry.test.ts. A page of its own (the
  // not-found screen of a unique path), so its rows are this test's.
  const path = `/e2e/telemetry/${tag()}`
  const rows = () =>
    appDb().prepare(`select kind, name, message from telemetry_events where route = ?`).all(path) as {
      kind: string
      name: string
      message: string | null
    }[]
  await page.goto(path)
  // The telemetry chunk (web-vitals) loads after hydration and marks the document when it listens.
  await expect(page.locator('html[data-telemetry]')).toBeAttached()
  // FCP and TTFB are reported at once and go by fetch on the 5 s timer (real time here).
  await expect.poll(() => rows().map((r) => r.name)).toEqual(expect.arrayContaining(['FCP', 'TTFB']))
  // Then, in one task, an uncaught error and an unhandled rejection as the page's listeners see them
  // (synthetic: a real one would fail the test as an uncaught exception), and leaving the page:
  // they can only travel in the beacon sent as the page goes, with LCP and CLS, which web-vitals
  // reports when the page is hidden. (Playwright does not list requests of a page being left: the
  // rows at the endpoint are the proof.)
  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('e2e-telemetry-error'), message: 'e2e-telemetry-error' }))
    const promise = Promise.reject(new Error('e2e-telemetry-rejection'))
    promise.catch(() => {})
    window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise, reason: new Error('e2e-telemetry-rejection') }))
    setTimeout(() => location.assign('/support'))
  })
  await expect(page).toHaveURL(/\/support$/)
  await expect
    .poll(() => rows().map((r) => `${r.kind} ${r.name} ${r.message ?? ''}`.trim()))
    .toEqual(
      expect.arrayContaining([
        'vital LCP',
        'vital CLS',
        'error error TypeError: e2e-telemetry-error',
        'error unhandledrejection Error: e2e-telemetry-rejection',
      ]),
    )
})
