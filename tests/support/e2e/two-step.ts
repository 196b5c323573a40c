import { expect, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'

/** A code of the authenticator app for a key, computed as the app would (offset: seconds from now). */
export const codeAt = (key: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 })

/**
 * On the security screen: sets up two-step verification with the key shown as text; answers the
 * key and the ten recovery codes shown once. `t` names the screen's buttons in the page's language.
 */
export async function enrolTotpHere(page: Page, t: { start: string; code: string; confirm: string; on: string }) {
  await page.getByRole('button', { name: t.start }).click()
  const key = (await page.getByTestId('totp-key').innerText()).replace(/\s/g, '')
  expect(key).toMatch(/^[A-Z2-7]{32}$/)
  await expect(page.locator('img[src^="data:image/svg+xml"]')).toBeVisible()
  await page.getByLabel(t.code).fill(codeAt(key))
  await page.getByRole('button', { name: t.confirm }).click()
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10)
  const codes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim())
  await expect(page.getByText(t.on, { exact: true })).toBeVisible()
  return { key, codes }
}
