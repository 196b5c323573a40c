import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertUser, signIn } from '../support/e2e/orgs'

/*
 * The idle-session warning (spec sections 4 and 9, ADR 011), on Playwright's clock: no waiting in
 * real time. A user whose autoSignout is 2 minutes sees the warning with a minute left (idle for
 * 1 minute), and at zero the page signs out with a POST of its own (GET /signout only asks).
 * Two tabs share the idle state: extending or signing out in one closes the dialog in the other.
 */

/** The idle timer loads after hydration (its own chunk): time moves only once it is running. */
const idleTimerRunning = (page: Page) => expect(page.locator('dialog[aria-labelledby="idle-title"]')).toBeAttached()
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Är du kvar?' })

async function idleUser(name: string) {
  const user = await insertUser({ name })
  appDb().prepare('update users set auto_signout_active = 1, auto_signout_seconds = 120 where id = ?').run(user.id)
  return user
}

test('an idle user is warned with a minute left, counted down, then signed out for inactivity', async ({ page }) => {
  await page.clock.install()
  await signIn(page, await idleUser('Ida Idle'))
  await page.goto('/support')
  await idleTimerRunning(page)
  const dialog = dialogOf(page)
  await expect(dialog).toBeHidden()

  await page.clock.fastForward('01:05')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Du har varit inaktiv i 1 minut.')
  await expect(dialog).toContainText(/Du loggas ut om (5[0-9]|60) sekunder/)
  // Extend has the initial focus, and the dialog is the specified 400 px.
  await expect(dialog.getByRole('button', { name: 'Förbli inloggad' })).toBeFocused()
  expect((await dialog.boundingBox())?.width).toBe(400)
  await page.clock.fastForward('00:20')
  await expect(dialog).toContainText(/Du loggas ut om (3[0-9]|40) sekunder/)
  // Moving the mouse while the dialog is open is no answer to it (react-idle-timer #286).
  await page.mouse.move(10, 10)
  await page.mouse.move(200, 200)

  await page.clock.fastForward('00:45')
  await expect(page).toHaveURL(/\/signin\?notice=idle&redirectTo=%2Fsupport$/)
  await expect(page.getByText('Du loggades ut efter att ha varit inaktiv.')).toBeVisible()
  expect((await page.request.get('/api/users/me')).status()).toBe(401)
})

test('"Stay signed in" keeps the session', async ({ page }) => {
  await page.clock.install()
  await signIn(page, await idleUser('Ivar Ivrig'))
  await page.goto('/support')
  await idleTimerRunning(page)
  await page.clock.fastForward('01:05')
  const dialog = dialogOf(page)
  await dialog.getByRole('button', { name: 'Förbli inloggad' }).click()
  await expect(dialog).toBeHidden()
  await page.clock.fastForward('00:50')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/support')
  expect((await page.request.get('/api/users/me')).status()).toBe(200)
})

test('a computer that wakes after the deadline signs out instead of prompting (#388)', async ({ page }) => {
  await page.clock.install()
  await signIn(page, await idleUser('Siri Sover'))
  await page.goto('/support')
  await idleTimerRunning(page)
  // A sleep: the clock jumps five minutes and each due timer fires once, late.
  await page.clock.fastForward('05:00')
  await expect(page).toHaveURL(/\/signin\?notice=idle&redirectTo=%2Fsupport$/)
})

test('after an idle sign-out, signing in again returns to the page the user was on, query and all', async ({ page }) => {
  await page.clock.install()
  const user = await idleUser('Rut Retur')
  await signIn(page, user)
  await page.goto('/groups?q=Bild')
  await idleTimerRunning(page)
  await page.clock.fastForward('01:05')
  await expect(dialogOf(page)).toBeVisible()
  await page.clock.fastForward('01:00')
  await expect(page).toHaveURL(/\/signin\?notice=idle&redirectTo=%2Fgroups%3Fq%3DBild$/)
  await expect(page.getByText('Du loggades ut efter att ha varit inaktiv.')).toBeVisible()
  await page.getByLabel('E-post', { exact: true }).fill(user.email)
  await page.getByLabel('Lösenord', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
  await expect(page).toHaveURL('/groups?q=Bild')
})

test.describe('two tabs', () => {
  async function twoTabs(page: Page, name: string) {
    await page.clock.install()
    await signIn(page, await idleUser(name))
    const other = await page.context().newPage()
    await page.goto('/support')
    await other.goto('/support')
    await idleTimerRunning(page)
    await idleTimerRunning(other)
    await page.clock.fastForward('01:05')
    await expect(dialogOf(page)).toBeVisible()
    await expect(dialogOf(other)).toBeVisible()
    return other
  }

  test('Extend in one tab closes the dialog in the other, and both stay signed in', async ({ page }) => {
    const other = await twoTabs(page, 'Tove Tvåflik')
    await dialogOf(other).getByRole('button', { name: 'Förbli inloggad' }).click()
    await expect(dialogOf(other)).toBeHidden()
    await expect(dialogOf(page)).toBeHidden()
    // The first tab's timer started again too: 50 s on, nobody is signed out.
    await page.clock.fastForward('00:50')
    await expect(dialogOf(page)).toBeHidden()
    await expect(page).toHaveURL('/support')
    await expect(other).toHaveURL('/support')
    expect((await page.request.get('/api/users/me')).status()).toBe(200)
  })

  test('Sign out in one tab signs out both, without the inactivity notice', async ({ page }) => {
    const other = await twoTabs(page, 'Tim Tvåflik')
    await dialogOf(page).getByRole('button', { name: 'Logga ut' }).click()
    await expect(page).toHaveURL(/\/signin\?notice=signedOut$/)
    await expect(other).toHaveURL(/\/signin\?notice=signedOut$/)
    await expect(page.getByText('Du loggades ut efter att ha varit inaktiv.')).toBeHidden()
    await expect(page.getByText('Du är utloggad.')).toBeVisible()
    expect((await page.request.get('/api/users/me')).status()).toBe(401)
  })
})

test('header polling never keeps an idle session alive', async ({ page }) => {
  const user = await idleUser('Paula Pollad')
  await signIn(page, user)
  // Polled counts, a version check and telemetry, 100 s after the last real request...
  const past = new Date(Date.now() - 100_000).toISOString()
  appDb().prepare('update sessions set last_seen_at = ? where user_id = ?').run(past, user.id)
  for (const path of ['/api/v1/feeds/notifications/counts', '/api/v1/studies/invitations/count']) await page.request.get(path)
  await page.request.post('/api/app-report/check-version', { data: { appVersion: '0.0.0+e2e' } })
  const telemetry = await page.request.post('/api/telemetry', {
    data: { appVersion: '0.0.0+e2e', events: [{ kind: 'vital', name: 'TTFB', route: '/e2e/polling', value: 1 }] },
  })
  expect(telemetry.status()).toBe(204)
  const seen = appDb().prepare('select last_seen_at from sessions where user_id = ?').get(user.id) as { last_seen_at: string }
  expect(seen.last_seen_at).toBe(past)
})
