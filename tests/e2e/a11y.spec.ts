import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { insertUser, signIn } from '../support/e2e/orgs'

/** Each auth screen, with a heading that tells it has rendered (sv, en). */
const SCREENS = [
  { path: '/signin', heading: { sv: 'Logga in', en: 'Sign in' } },
  { path: '/signup', heading: { sv: 'Skapa ett konto', en: 'Create an account' } },
  { path: '/forgot-password', heading: { sv: 'Glömt lösenordet?', en: 'Forgot your password?' } },
  { path: '/verify/resend', heading: { sv: 'Verifiera din e-postadress', en: 'Verify your email address' } },
  { path: '/new-password?token=bad', heading: { sv: 'Välj ett nytt lösenord', en: 'Choose a new password' } },
  { path: '/verify?token=bad', heading: { sv: 'Verifiera din e-postadress', en: 'Verify your email address' } },
  { path: '/signout', heading: { sv: 'Logga ut', en: 'Sign out' } },
] as const

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}

for (const locale of ['sv', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.path} (${locale}) has no serious or critical axe violations`, async ({ page }) => {
      if (screen.path === '/signout') {
        // Only a signed-in user sees /signout (it asks before signing out), in their saved language.
        await signIn(page, await insertUser({ name: 'Sigrid Signout', locale }))
        await page.goto(screen.path)
      } else {
        await page.goto(screen.path)
        if (locale === 'en') await page.getByRole('button', { name: 'English' }).click()
      }
      await expect(page.getByRole('heading', { level: 1, name: screen.heading[locale] })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
}
