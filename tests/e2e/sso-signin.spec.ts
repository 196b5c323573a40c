import { expect, test } from '../support/e2e/fixtures'
import { appLinkIn, latestEmail } from '../support/e2e/mail'
import { seriousViolations } from '../support/e2e/axe'
import { insertUser } from '../support/e2e/orgs'
import { cancelAtProvider, confirmProviderSignOut, signInAtProvider } from '../support/e2e/sso'
import { uniqueEmail } from '../support/e2e/users'

/*
 * Single sign-on journeys against real OpenID providers on 127.0.0.1 (scripts/oidc-providers.ts,
 * started by playwright.config.ts): Google-type, Microsoft-type and the municipal e-ID. Swedish,
 * the default locale. Tagged @nojs: again with JavaScript disabled.
 */

test('a first Google sign-in creates the account at /signup/confirm; sign-out is a local log-off', { tag: '@nojs' }, async ({ page }) => {
  const email = uniqueEmail('anna')
  await page.goto('/signin?redirectTo=/support')
  await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
  await signInAtProvider(page, email)

  await expect(page).toHaveURL('/signup/confirm')
  await expect(page.getByRole('heading', { name: 'Skapa ditt konto' })).toBeVisible()
  await expect(page.getByText(`E-postadress (bekräftad av Google): ${email}`)).toBeVisible()
  await expect(page.getByLabel('Namn')).toHaveValue(/\bAnna\b/)
  await page.getByRole('button', { name: 'Skapa konto' }).click()

  await expect(page).toHaveURL('/support')
  const me = await (await page.request.get('/api/users/me')).json()
  expect(me.email).toBe(email)

  // Google-type: no end-session endpoint and no revocation (docs/sso.md): straight back to /signin.
  await page.goto('/signout')
  await page.getByRole('button', { name: 'Logga ut' }).click()
  await expect(page).toHaveURL(/\/signin\?notice=signedOut$/)
  expect((await page.request.get('/api/users/me')).status()).toBe(401)

  // Returning: the same Google account signs straight in.
  await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
  await signInAtProvider(page, email)
  await expect(page).toHaveURL('/')
  expect((await (await page.request.get('/api/users/me')).json()).email).toBe(email)
})

test('the e-ID: signed out at the provider, then the /signin guard sends the user to /signin/sei', { tag: '@nojs' }, async ({ page }) => {
  const email = uniqueEmail('david')
  await page.goto('/signin/linkoping')
  await expect(page.getByRole('heading', { name: 'Logga in med e-legitimation' })).toBeVisible()
  await page.getByRole('link', { name: /Fortsätt med Linköpings kommun/ }).click()
  await signInAtProvider(page, email)
  await expect(page.getByText(/aldrig ett personnummer/)).toBeVisible()
  await page.getByRole('button', { name: 'Skapa konto' }).click()
  await expect(page).toHaveURL('/')

  // Sign-out: the refresh token is revoked, then the provider's end-session, then back here.
  await page.goto('/signout')
  await page.getByRole('button', { name: 'Logga ut' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/session\/end/)
  await confirmProviderSignOut(page)
  // Back at /signin, whose guard sends an e-ID user on to /signin/sei.
  await expect(page).toHaveURL('/signin/sei?redirectTo=%2F')
  expect((await page.request.get('/api/users/me')).status()).toBe(401)

  await page.goto('/signin?redirectTo=/support')
  await expect(page).toHaveURL('/signin/sei?redirectTo=%2Fsupport')
  // "Another way" stays on /signin.
  await page.getByRole('link', { name: 'Logga in på annat sätt' }).click()
  await expect(page.getByRole('heading', { name: 'Logga in', exact: true })).toBeVisible()
})

test('a Microsoft account with the email of a password account is linked only with its password', { tag: '@nojs' }, async ({ page }) => {
  const owner = await insertUser({ name: 'Cecilia Carlsson' })
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Fortsätt med Microsoft' }).click()
  await signInAtProvider(page, owner.email)
  await expect(page.getByText(`Det finns redan ett konto med ${owner.email}`)).toBeVisible()
  await page.getByLabel('Lösenord').fill('fel-lösenord-123')
  await page.getByRole('button', { name: 'Koppla med lösenord' }).click()
  await expect(page.getByText('Fel e-postadress eller lösenord.')).toBeVisible()
  expect((await page.request.get('/api/users/me')).status()).toBe(401)

  await page.getByLabel('Lösenord').fill(owner.password)
  await page.getByRole('button', { name: 'Koppla med lösenord' }).click()
  await expect(page).toHaveURL('/')
  expect((await (await page.request.get('/api/users/me')).json()).email).toBe(owner.email)
})

test('an unverified provider email: the user types one and proves it by the emailed link', { tag: '@nojs' }, async ({ page }) => {
  const typed = uniqueEmail('typed')
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
  await signInAtProvider(page, `unverified-${uniqueEmail('bo')}`)
  await page.getByLabel('Namn').fill('Bo Berg')
  await page.getByLabel('E-post').fill(typed)
  await page.getByRole('button', { name: 'Skapa konto' }).click()
  await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible()

  const mail = await latestEmail(typed, { subject: /Google/ })
  await page.goto(appLinkIn(mail))
  await page.getByRole('button', { name: 'Bekräfta och logga in' }).click()
  await expect(page).toHaveURL('/')
  expect((await (await page.request.get('/api/users/me')).json()).email).toBe(typed)
})

test('an invitation survives the round trip via /sso-invitation', { tag: '@nojs' }, async ({ page }) => {
  await page.goto('/sso-invitation?invitation=ACDE23&redirectTo=/support')
  await expect(page.getByRole('heading', { name: 'Du har blivit inbjuden' })).toBeVisible()
  await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
  await signInAtProvider(page, uniqueEmail('invited'))
  await page.getByRole('button', { name: 'Skapa konto' }).click()
  await expect(page).toHaveURL('/invitation-code?code=ACDE23&redirectTo=%2Fsupport')
})

test(
  'failures: a cancel at the provider and a replayed callback get a clear message and make nothing',
  { tag: '@nojs' },
  async ({ page, browser }) => {
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await cancelAtProvider(page)
    await expect(page).toHaveURL(/\/signin\?ssoError=SSO_CANCELLED/)
    await expect(page.getByText('Inloggningen avbröts hos leverantören.')).toBeVisible()

    const callback = page.waitForRequest((request) => request.url().includes('/signin/sso/google/callback'))
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, uniqueEmail('replay'))
    const used = (await callback).url()
    await expect(page).toHaveURL('/signup/confirm')

    // The same callback in another browser (a stolen or replayed URL): no flow, a clear message.
    const other = await browser.newPage()
    await other.goto(used)
    await expect(other).toHaveURL(/ssoError=SSO_STATE_MISMATCH/)
    await expect(other.getByText(/Inloggningen kunde inte slutföras/)).toBeVisible()
    await other.close()
  },
)

test('the SSO screens have no serious axe violations and fit a phone', async ({ page }) => {
  // Four axe runs and a round trip through a provider.
  test.slow()
  await page.setViewportSize({ width: 375, height: 740 })
  for (const path of ['/signin', '/signin/sei', '/sso-invitation?invitation=ACDE23']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
  }
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
  await signInAtProvider(page, `unverified-${uniqueEmail('axe')}`)
  await expect(page.getByRole('heading', { name: 'Skapa ditt konto' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
