import { expect, type Page } from '@playwright/test'

/**
 * The local providers' sign-in page (tests/support/oidc/interaction.ts), as a user meets it: type
 * a login (an email address; "unverified…" has an unverified email) and sign in, or cancel.
 */
export async function signInAtProvider(page: Page, login: string) {
  await expect(page.getByRole('heading', { name: /demo provider/ })).toBeVisible()
  await page.getByLabel(/Or any login/).fill(login)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

export async function cancelAtProvider(page: Page) {
  await expect(page.getByRole('heading', { name: /demo provider/ })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
}

/** The provider's end-session confirmation (Microsoft-type and e-ID have one). */
export async function confirmProviderSignOut(page: Page) {
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
}
