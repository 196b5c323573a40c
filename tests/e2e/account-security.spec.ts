import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'
import { codeAt, enrolTotpHere } from '../support/e2e/two-step'

/*
 * Account security (issue 28): two-step verification with an authenticator app, set up on the
 * security preferences and asked at the next password sign-in, and the list of signed-in
 * sessions. Codes are computed here from the key shown as text, as an app would. Journeys tagged
 * @nojs run again with JavaScript disabled.
 */

const T = {
  sv: {
    tab: 'Säkerhet',
    start: 'Ställ in tvåstegsverifiering',
    code: 'Kod från appen',
    confirm: 'Slå på tvåstegsverifiering',
    on: 'På',
    signinEmail: 'E-post',
    signinPassword: 'Lösenord',
    signin: 'Logga in',
    secondCode: 'Kod',
    wrong: 'Koden stämmer inte',
    turnOff: 'Stäng av tvåstegsverifiering',
    confirmation: 'En kod från appen, eller ditt lösenord',
    off: 'Tvåstegsverifiering är av.',
  },
  en: {
    tab: 'Security',
    start: 'Set up two-step verification',
    code: 'Code from the app',
    confirm: 'Turn on two-step verification',
    on: 'On',
    signinEmail: 'Email',
    signinPassword: 'Password',
    signin: 'Sign in',
    secondCode: 'Code',
    wrong: 'The code is not right',
    turnOff: 'Turn off two-step verification',
    confirmation: 'A code from the app, or your password',
    off: 'Two-step verification is off.',
  },
} as const

const securityPath = (user: DbUser) => `/users/${user.id}/preferences/security`
/** Sets up two-step on the security screen; answers the key (as shown) and the recovery codes. */
async function enrol(page: Page, user: DbUser, t: (typeof T)['sv' | 'en']) {
  await page.goto(`/users/${user.id}/preferences/account`)
  await page.getByRole('link', { name: t.tab, exact: true }).click()
  await expect(page).toHaveURL(securityPath(user))
  const { key, codes } = await enrolTotpHere(page, t)
  expect(codes).toHaveLength(10)
  const download = page.getByRole('link', { name: /recovery-codes|Ladda ner|Download/ })
  expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toContain(codes[0])
  return { key, codes }
}

/** Signs the browser out (a fresh browser) that still speaks the user's language. */
async function signOutKeepingLanguage(page: Page, locale: 'sv' | 'en') {
  await page.context().clearCookies()
  expect((await page.request.post('/locale', { form: { locale }, maxRedirects: 0 })).status()).toBe(302)
}

async function passwordStep(page: Page, user: DbUser, t: (typeof T)['sv' | 'en']) {
  await page.goto('/signin')
  await page.getByLabel(t.signinEmail).fill(user.email)
  await page.getByLabel(t.signinPassword).fill(user.password)
  await page.getByRole('button', { name: t.signin, exact: true }).click()
  await expect(page).toHaveURL(/\/signin\/two-step$/)
}

for (const locale of ['sv', 'en'] as const) {
  const t = T[locale]

  test(
    `two-step in ${locale}: set up with the key as text, then sign in with the password and a code`,
    { tag: '@nojs' },
    async ({ page }) => {
      const user = await insertUser({ name: `Tove Tvåsteg ${tag()}`, locale })
      await signIn(page, user)
      const { key, codes } = await enrol(page, user, t)

      await signOutKeepingLanguage(page, locale)
      await passwordStep(page, user, t)
      // No session yet: the app's pages still send to /signin.
      const wrong = codeAt(key, 30) === '000000' ? '111111' : '000000'
      await page.getByLabel(t.secondCode, { exact: true }).fill(wrong)
      await page.getByRole('button', { name: t.signin }).click()
      await expect(page.getByText(t.wrong)).toBeVisible()
      // The next step's code (the enrolment spent this one's: a code is taken once).
      await page.getByLabel(t.secondCode, { exact: true }).fill(codeAt(key, 30))
      await page.getByRole('button', { name: t.signin }).click()
      await expect(page).toHaveURL('/')
      await expect(toast(page, user.name)).toBeVisible()

      // A recovery code works once.
      await signOutKeepingLanguage(page, locale)
      await passwordStep(page, user, t)
      await page.getByLabel(t.secondCode, { exact: true }).fill(codes[0]!)
      await page.getByRole('button', { name: t.signin }).click()
      await expect(page).toHaveURL('/')
      await signOutKeepingLanguage(page, locale)
      await passwordStep(page, user, t)
      await page.getByLabel(t.secondCode, { exact: true }).fill(codes[0]!)
      await page.getByRole('button', { name: t.signin }).click()
      await expect(page.getByText(t.wrong)).toBeVisible()
      await page.getByLabel(t.secondCode, { exact: true }).fill(codes[1]!)
      await page.getByRole('button', { name: t.signin }).click()
      await expect(page).toHaveURL('/')

      // Turning it off needs the password (or a code).
      await page.goto(securityPath(user))
      await page.getByLabel(t.confirmation).last().fill(user.password)
      await page.getByRole('button', { name: t.turnOff }).click()
      await expect(toast(page, t.off)).toBeVisible()
    },
  )

  test(`axe: the security screen in ${locale}, off, being set up and on, and the second step`, async ({ page }) => {
    const user = await insertUser({ name: `Axel Säker ${tag()}`, locale })
    await signIn(page, user)
    await page.goto(securityPath(user))
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: t.start }).click()
    await expect(page.getByTestId('totp-key')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    const key = (await page.getByTestId('totp-key').innerText()).replace(/\s/g, '')
    await page.getByLabel(t.code).fill(codeAt(key))
    await page.getByRole('button', { name: t.confirm }).click()
    await expect(page.getByTestId('recovery-codes')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await signOutKeepingLanguage(page, locale)
    await passwordStep(page, user, t)
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('sessions: another browser is listed and signed out from here', { tag: '@nojs' }, async ({ page, browser }) => {
  const user = await insertUser({ name: `Sara Session ${tag()}`, locale: 'en' })
  await signIn(page, user)
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.200.1.1' } })
  const other = await elsewhere.newPage()
  await signIn(other, user)
  await page.goto(securityPath(user))
  const sessions = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')
  await expect(sessions).toHaveCount(2)
  await expect(sessions.first()).toContainText('This browser')
  // How each was signed in (both with the password alone, through the API).
  await expect(sessions.first()).toContainText('Signed in with a password')
  await expect(sessions.nth(1)).toContainText('Signed in with a password')
  await sessions
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click()
  await expect(toast(page, 'That session is signed out.')).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await other.goto(securityPath(user))
  await expect(other).toHaveURL(/\/signin/)
  await elsewhere.close()
})
