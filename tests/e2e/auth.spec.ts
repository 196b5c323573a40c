import { expect, test } from '../support/e2e/fixtures'
import { insertUser, signIn } from '../support/e2e/orgs'
import { appLinkIn, emailCount, latestEmail } from '../support/e2e/mail'
import { createVerifiedUser, newUser, profileMenu, RESET_SUBJECT, submitSignIn, VERIFY_SUBJECT } from '../support/e2e/users'

/*
 * Sign-in with own credentials, as a user sees it (Swedish, the default locale).
 * Journeys tagged @nojs run again in the `chromium-nojs` project with JavaScript disabled: there
 * /verify shows a button to press, which with JavaScript submits itself.
 */

test('a link to /signout (from another site, say) signs nobody out: only the button does', { tag: '@nojs' }, async ({ page }) => {
  const user = await insertUser({ name: 'Signe Stannar' })
  await signIn(page, user)
  await page.goto('/signout?reason=idle')
  await expect(page.getByRole('heading', { level: 1, name: 'Logga ut' })).toBeVisible()
  await expect(page.getByText('Vill du logga ut?')).toBeVisible()
  expect((await page.request.get('/api/users/me')).status()).toBe(200)

  await page.getByRole('link', { name: 'Nej, stanna kvar' }).click()
  await expect(page).toHaveURL('/')
  expect((await page.request.get('/api/users/me')).status()).toBe(200)

  await page.goto('/signout')
  await page.getByRole('button', { name: 'Logga ut' }).click()
  await expect(page).toHaveURL(/\/signin\?notice=signedOut$/)
  expect((await page.request.get('/api/users/me')).status()).toBe(401)
})

test('sign up, verify the address, sign in and sign out', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const user = newUser()

  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Skapa ett konto' })).toBeVisible()
  await page.getByLabel('Namn', { exact: true }).fill(user.name)
  await page.getByLabel('E-post', { exact: true }).fill(user.email)
  await page.getByLabel('Lösenord', { exact: true }).fill(user.password)
  await page.getByRole('combobox', { name: 'Språk' }).selectOption('sv')
  await page.getByRole('combobox', { name: 'Tidszon' }).selectOption('Europe/Stockholm')
  await page.getByRole('button', { name: 'Skapa konto' }).click()

  await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible()

  const email = await latestEmail(user.email, { subject: VERIFY_SUBJECT })
  expect(email.subject).toBe('Bekräfta din e-postadress för Groups')
  expect(email.text).toContain(`Hej ${user.name},`)
  const link = appLinkIn(email)
  expect(link).toMatch(/^\/verify\?token=/)

  // Opening the link changes nothing by itself (mail scanners open links): the page posts the
  // token, at once with JavaScript, with a button without.
  await page.goto(link)
  if (!javaScriptEnabled) {
    await expect(page.getByRole('heading', { name: 'Verifiera din e-postadress' })).toBeVisible()
    await page.getByRole('button', { name: 'Bekräfta e-postadressen' }).click()
  }

  await expect(page).toHaveURL(/\/signin\?/)
  await expect(page.getByText('Din e-postadress är verifierad. Logga in för att fortsätta.')).toBeVisible()
  await expect(page.getByLabel('E-post', { exact: true })).toHaveValue(user.email)

  await page.getByLabel('Lösenord', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()

  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Flöde' })).toBeVisible()
  const menu = profileMenu(page, user.name)
  await expect(menu).toBeVisible()
  await expect(menu).toContainText(user.name)
  expect((await page.request.get('/api/users/me')).status()).toBe(200)

  await menu.click()
  await page.getByRole('button', { name: 'Logga ut' }).click()

  await expect(page).toHaveURL(/\/signin\?notice=signedOut$/)
  await expect(page.getByText('Du är utloggad.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Logga in', exact: true })).toBeVisible()
  const me = await page.request.get('/api/users/me')
  expect(me.status()).toBe(401)
  expect(await me.json()).toEqual({ message: 'SESSION_NOT_FOUND' })

  // The verification link worked once.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('Länken har redan använts.')
})

test('forgot password: the emailed link sets a new password; the old one stops working', { tag: '@nojs' }, async ({ page, request }) => {
  const user = await createVerifiedUser(request)
  const newPassword = 'ett-helt-nytt-lösenord'

  await page.goto('/signin')
  await page.getByRole('link', { name: 'Glömt lösenordet?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await expect(page.getByRole('heading', { name: 'Glömt lösenordet?' })).toBeVisible()
  const before = await emailCount(user.email)
  await page.getByLabel('E-post', { exact: true }).fill(user.email)
  await page.getByRole('button', { name: 'Skicka länk' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Om det finns ett konto för ${user.email}` })).toBeVisible()

  const email = await latestEmail(user.email, { subject: RESET_SUBJECT, after: before })
  expect(email.subject).toBe('Välj ett nytt lösenord för Groups')
  const link = appLinkIn(email)
  expect(link).toMatch(/^\/new-password\?token=/)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeVisible()
  await page.getByLabel('Nytt lösenord', { exact: true }).fill(newPassword)
  await page.getByLabel('Upprepa det nya lösenordet', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Spara lösenordet' }).click()

  await expect(page).toHaveURL(/\/signin\?/)
  await expect(page.getByText('Ditt lösenord är ändrat. Logga in med det nya.')).toBeVisible()
  await expect(page.getByLabel('E-post', { exact: true })).toHaveValue(user.email)

  await submitSignIn(page, { email: user.email, password: user.password })
  await expect(page.getByRole('alert')).toHaveText('Fel e-postadress eller lösenord.')
  await expect(page).toHaveURL(/\/signin/)

  await submitSignIn(page, { email: user.email, password: newPassword })
  await expect(page).toHaveURL('/')
  await expect(profileMenu(page, user.name)).toBeVisible()

  // The reset link worked once.
  await page.goto(link)
  await expect(page.getByRole('alert')).toContainText('Länken har redan använts.')
})

test('forgot password does not tell whether an account exists', async ({ page }) => {
  const address = newUser().email
  await page.goto('/forgot-password')
  await page.getByLabel('E-post', { exact: true }).fill(address)
  await page.getByRole('button', { name: 'Skicka länk' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Om det finns ett konto för ${address}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Skicka igen' })).toBeVisible()
  await expect(latestEmail(address, { timeout: 1_500 })).rejects.toThrow(/No email/)
})

test('after 5 wrong passwords the next attempt is refused with a retry time', async ({ page, request }) => {
  const user = await createVerifiedUser(request)
  await page.goto('/signin')

  const attempt = async () => {
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/signin'))
    await submitSignIn(page, { email: user.email, password: 'fel-lösenord' })
    await answered
    // The page's data reloads after each answer; a person reads the message first: so does the
    // test (a submit at that instant aborts the reload, which Remix reports as an uncaught error).
    await page.waitForLoadState('networkidle')
  }

  for (let i = 1; i <= 5; i++) {
    await attempt()
    await expect(page.getByRole('alert'), `attempt ${i}`).toHaveText('Fel e-postadress eller lösenord.')
  }
  await attempt()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('För många försök.')
  await expect(alert).toContainText(/Du kan försöka igen kl\. \d{2}:\d{2}:\d{2}/)

  // The same block, as the JSON API reports it: 429 with retryAt, shown in the user's time zone.
  const api = await request.post('/api/v2/signin', { data: { email: user.email, password: user.password } })
  expect(api.status()).toBe(429)
  const { message, retryAt } = (await api.json()) as { message: string; retryAt: string }
  expect(message).toBe('TOO_MANY_ATTEMPTS')
  const shown = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(retryAt))
  await expect(alert).toContainText(`Du kan försöka igen kl. ${shown}`)
  const wait = new Date(retryAt).getTime() - Date.now()
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(30_000)

  // Even the right password waits until then.
  await submitSignIn(page, { email: user.email, password: user.password })
  await expect(page.getByRole('alert')).toContainText('För många försök.')
  await expect(page).toHaveURL(/\/signin/)
})

test('sign-in follows redirectTo to a path of the app', { tag: '@nojs' }, async ({ page, request }) => {
  const user = await createVerifiedUser(request)
  await page.goto('/signin?redirectTo=/support')
  await submitSignIn(page, user)
  await expect(page).toHaveURL('/support')
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible()
  await expect(profileMenu(page, user.name)).toBeVisible()
})

for (const target of ['https://evil.example', '//evil.example']) {
  test(`sign-in ignores redirectTo=${target} and lands on the start page`, async ({ page, request }) => {
    const user = await createVerifiedUser(request)
    await page.goto(`/signin?redirectTo=${encodeURIComponent(target)}`)
    await submitSignIn(page, user)
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Flöde' })).toBeVisible()
  })
}

test('an account that is not verified yet cannot sign in and is offered a new link', async ({ page, request }) => {
  const user = newUser()
  const signUp = await request.post('/api/v2/users', {
    data: { name: user.name, email: user.email, password: user.password, preferences: { locale: 'sv', timezone: 'Europe/Stockholm' } },
  })
  expect(signUp.status()).toBe(201)
  await page.goto('/signin')
  await submitSignIn(page, user)
  await expect(page.getByRole('alert')).toContainText('Din e-postadress är inte verifierad än.')
  await page.getByRole('link', { name: 'Skicka verifieringslänken igen' }).click()
  await expect(page).toHaveURL(/\/verify\/resend\?email=/)
  await expect(page.getByLabel('E-post', { exact: true })).toHaveValue(user.email)
})

test('a user whose saved language is English gets the app in English after signing in', async ({ page, request }) => {
  const user = await createVerifiedUser(request, { locale: 'en' })
  await page.goto('/signin')
  await submitSignIn(page, user)
  await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
