import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertUser, signIn } from '../support/e2e/orgs'

/*
 * The idle-session warning (spec sections 4 and 9), on Playwright's clock: no waiting in real time.
 * A user whose autoSignout is 2 minutes sees the warning with a minute left, and at zero the page
 * signs out with a POST of its own (GET /signout only asks).
 */

/** The idle timer loads after hydration (its own chunk): time moves only once it is running. */
const idleTimerRunning = (page: Page) => expect(page.locator('dialog[aria-labelledby="idle-title"]')).toBeAttached()

async function idleUser(name: string) {
  const user = await insertUser({ name })
  appDb().prepare('update users set auto_signout_active = 1, auto_signout_seconds = 120 where id = ?').run(user.id)
  return user
}

test('an idle user is warned with a minute left, then signed out', async ({ page }) => {
  await page.clock.install()
  await signIn(page, await idleUser('Ida Idle'))
  await page.goto('/support')
  await idleTimerRunning(page)
  const dialog = page.getByRole('dialog', { name: 'Är du kvar?' })
  await expect(dialog).toBeHidden()

  await page.clock.fastForward('01:05')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Du loggas ut om')

  await page.clock.fastForward('01:00')
  await expect(page).toHaveURL(/\/signin\?notice=idle$/)
  await expect(page.getByText('Du loggades ut efter att ha varit inaktiv.')).toBeVisible()
  expect((await page.request.get('/api/users/me')).status()).toBe(401)
})

test('"Stay signed in" keeps the session', async ({ page }) => {
  await page.clock.install()
  await signIn(page, await idleUser('Ivar Ivrig'))
  await page.goto('/support')
  await idleTimerRunning(page)
  await page.clock.fastForward('01:05')
  const dialog = page.getByRole('dialog', { name: 'Är du kvar?' })
  await dialog.getByRole('button', { name: 'Förbli inloggad' }).click()
  await expect(dialog).toBeHidden()
  await page.clock.fastForward('00:50')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/support')
  expect((await page.request.get('/api/users/me')).status()).toBe(200)
})
