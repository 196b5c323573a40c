import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { appLinkIn, latestEmail } from './mail'

/** A fresh address per call, so tests never share an account or a rate-limit key. */
export function uniqueEmail(tag = 'user') {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.se`
}

export const VERIFY_SUBJECT = /Bekräfta din e-postadress|Confirm your email address/
export const RESET_SUBJECT = /Välj ett nytt lösenord|Set a new password/

export interface TestUser {
  name: string
  email: string
  password: string
  locale: 'sv' | 'en'
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const suffix = Math.random().toString(36).slice(2, 6)
  return {
    name: `Testa Testsson ${suffix}`,
    email: uniqueEmail(),
    password: `rätt-häst-batteri-${suffix}`,
    locale: 'sv',
    ...overrides,
  }
}

/**
 * A verified account, made through the JSON API and the real verification email (fast setup for
 * journeys that start signed out with an account).
 */
export async function createVerifiedUser(request: APIRequestContext, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides)
  const signUp = await request.post('/api/v2/users', {
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      preferences: { locale: user.locale, timezone: 'Europe/Stockholm' },
    },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const link = appLinkIn(await latestEmail(user.email, { subject: VERIFY_SUBJECT }))
  const token = new URL(link, 'http://x').searchParams.get('token')
  const verify = await request.post('/api/verify-email', { data: { token } })
  expect(verify.status(), await verify.text()).toBe(200)
  return user
}

/** Fills and sends the sign-in form of the page it is on (Swedish labels). */
export async function submitSignIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByLabel('E-post', { exact: true }).fill(email)
  await page.getByLabel('Lösenord', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
}

/** The profile picture menu of the header, named after the signed-in user. */
export const profileMenu = (page: Page, name: string) => page.getByLabel(`Kontomeny för ${name}`)
