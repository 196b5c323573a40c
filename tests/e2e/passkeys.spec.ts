import { createPrivateKey, randomBytes } from 'node:crypto'
import type { CDPSession, Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'
import { assertPasskey, type SoftPasskey } from '../support/software-authenticator'

/*
 * Passkeys (issue 28, docs/auth.md), with Chromium's virtual authenticator (the WebAuthn domain of
 * the DevTools protocol): a platform authenticator (CTAP2, internal transport) that keeps
 * discoverable credentials and verifies the user, so the browser's ceremonies run for real
 * against the server. APP_URL is http://localhost:<port> (playwright.config.ts): the RP id is
 * "localhost", a secure context for WebAuthn. Journeys tagged @nojs run again without JavaScript.
 */

const T = {
  sv: { add: 'Lägg till en nyckel', name: 'Nyckelns namn', signInWithPasskey: 'Logga in med en nyckel', title: 'Nycklar (passkeys)' },
  en: { add: 'Add a passkey', name: 'Name of the passkey', signInWithPasskey: 'Sign in with a passkey', title: 'Passkeys' },
} as const
const securityPath = (user: DbUser) => `/users/${user.id}/preferences/security`

interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId: string
  privateKey: string
  userHandle: string
  signCount: number
}

/** A virtual platform authenticator for the page, as a phone or laptop with a fingerprint reader. */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[]
  return { cdp, authenticatorId, credentials }
}

/**
 * The virtual authenticator answers the browser's autofill request (conditional mediation) at
 * once, as a person picking the suggested passkey would: to press the button instead, the
 * autofill's options are answered "too many" (which the page ignores) and it never starts.
 */
async function holdBackAutofill(page: Page) {
  await page.route('**/signin/passkey/options?mediation=conditional', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: 'TOO_MANY_ATTEMPTS' }) }),
  )
}

/** Forgets the session (a fresh browser) but keeps the language. */
async function signOutKeepingLanguage(page: Page, locale: 'sv' | 'en') {
  await page.context().clearCookies()
  expect((await page.request.post('/locale', { form: { locale }, maxRedirects: 0 })).status()).toBe(302)
}

async function addPasskey(page: Page, user: DbUser, name: string, t: (typeof T)['sv' | 'en']) {
  await page.goto(securityPath(user))
  await page.getByLabel(t.name).fill(name)
  await page.getByRole('button', { name: t.add }).click()
  await expect(page.getByTestId('passkey').filter({ hasText: name })).toBeVisible()
}

/** The user handle the server gives a user (its id's bytes), as the authenticator keeps it (base64). */
const userHandleOf = (user: DbUser) => Buffer.from(user.id, 'utf8').toString('base64')

test('add a passkey, sign out, sign in with it (no password, no email); remove it and it no longer signs in', async ({ page }) => {
  const user = await insertUser({ name: `Petra Passkey ${tag()}`, locale: 'en' })
  const { credentials } = await virtualAuthenticator(page)
  await holdBackAutofill(page)
  await signIn(page, user)
  await addPasskey(page, user, 'Test laptop', T.en)
  await expect(toast(page, 'The passkey "Test laptop" was added.')).toBeVisible()
  await expect(page.getByTestId('passkey')).toContainText('Not used yet')
  const [credential] = await credentials()
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost', userHandle: userHandleOf(user) })

  await signOutKeepingLanguage(page, 'en')
  await page.goto('/signin')
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn')
  await page.getByRole('button', { name: T.en.signInWithPasskey }).click()
  await expect(page).toHaveURL('/')
  await expect(toast(page, user.name)).toBeVisible()
  await page.goto(securityPath(user))
  await expect(page.getByTestId('passkey')).toContainText('Last used')

  // Rename, then remove (asked first).
  await page.getByTestId('passkey').locator('summary').click()
  await page.getByLabel('Rename Test laptop').fill('Old laptop')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(toast(page, 'The passkey is now called "Old laptop".')).toBeVisible()
  await page.getByRole('button', { name: 'Remove Old laptop' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Remove the passkey "Old laptop"?')
  await dialog.getByRole('button', { name: 'Remove passkey' }).click()
  await expect(toast(page, 'The passkey "Old laptop" was removed.')).toBeVisible()
  await expect(page.getByTestId('passkey')).toHaveCount(0)

  // The authenticator still holds it, but the server no longer knows it.
  await signOutKeepingLanguage(page, 'en')
  await page.goto('/signin')
  await page.getByRole('button', { name: T.en.signInWithPasskey }).click()
  await expect(page.getByText('That passkey could not be used here.')).toBeVisible()
  await page.goto(securityPath(user))
  await expect(page).toHaveURL(/\/signin\?redirectTo=/)
})

test('the browser offers the passkey in the email field (conditional mediation), and picking it signs in', async ({ page }) => {
  const user = await insertUser({ name: `Aina Autofill ${tag()}`, locale: 'sv' })
  await virtualAuthenticator(page)
  await signIn(page, user)
  await addPasskey(page, user, 'Telefon', T.sv)
  await signOutKeepingLanguage(page, 'sv')
  await page.goto('/signin?redirectTo=%2Fgroups')
  await expect(page).toHaveURL('/groups')
  await expect(toast(page, user.name)).toBeVisible()
})

test("a passkey of another user is refused: the authenticator's passkey claims another account", async ({ page }) => {
  const owner = await insertUser({ name: `Olle Ägare ${tag()}`, locale: 'en' })
  const victim = await insertUser({ name: `Vera Offer ${tag()}`, locale: 'en' })
  const { cdp, authenticatorId, credentials } = await virtualAuthenticator(page)
  await holdBackAutofill(page)
  await signIn(page, owner)
  await addPasskey(page, owner, 'Owner key', T.en)
  // The owner's passkey, put back with the victim's user handle: the server must not believe it.
  const [credential] = await credentials()
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId })
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...credential!, userHandle: userHandleOf(victim) } })
  await signOutKeepingLanguage(page, 'en')
  await page.goto('/signin')
  await page.getByRole('button', { name: T.en.signInWithPasskey }).click()
  await expect(page.getByText('That passkey could not be used here.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin/)
  expect((await page.context().cookies()).some((c) => c.name === 'session')).toBe(false)
})

test('a passkey answer for another origin or RP id is refused; the same passkey for ours signs in', async ({ page }) => {
  const user = await insertUser({ name: `Rita Rp ${tag()}`, locale: 'en' })
  const { credentials } = await virtualAuthenticator(page)
  await signIn(page, user)
  await addPasskey(page, user, 'Laptop', T.en)
  const appOrigin = new URL(page.url()).origin
  await signOutKeepingLanguage(page, 'en')
  // The passkey's own key signs answers a browser on another site would make (a phishing page):
  // the browser never would for our RP id, so they are built here and posted as the sign-in form.
  const [credential] = await credentials()
  const passkey: SoftPasskey = {
    // The DevTools protocol speaks base64; WebAuthn's JSON base64url.
    credentialId: Buffer.from(credential!.credentialId, 'base64').toString('base64url'),
    userHandle: Buffer.from(credential!.userHandle, 'base64').toString('base64url'),
    rpId: 'localhost',
    privateKey: createPrivateKey({ key: Buffer.from(credential!.privateKey, 'base64'), format: 'der', type: 'pkcs8' }),
    coseKey: Buffer.alloc(0),
    counter: credential!.signCount,
  }
  const signInWith = async (o: { origin: string; rpId?: string }) => {
    const options = await (await page.request.post('/signin/passkey/options')).json()
    const response = assertPasskey(passkey, options, o)
    return page.request.post('/signin', { form: { intent: 'passkey', response: JSON.stringify(response) }, maxRedirects: 0 })
  }
  for (const o of [{ origin: 'https://groups.example.evil' }, { origin: appOrigin, rpId: 'evil.example' }]) {
    const refused = await signInWith(o)
    expect(refused.status()).toBe(400)
    expect(refused.headers()['set-cookie'] ?? '').not.toMatch(/session=/)
  }
  const accepted = await signInWith({ origin: appOrigin })
  expect(accepted.status()).toBe(302)
  expect(accepted.headers()['set-cookie']).toMatch(/session=/)
})

test(
  'without JavaScript: passkeys are listed, renamed and removed (asked first), and adding one says it needs JavaScript',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'the journey of a browser without JavaScript')
    const user = await insertUser({ name: `Nils Noscript ${tag()}`, locale: 'en' })
    const now = new Date().toISOString()
    appDb()
      .prepare(
        `insert into passkeys (id, user_id, credential_id, public_key, counter, device_type, backed_up, transports, name, created_at)
       values (?, ?, ?, 'AA', 0, 'multiDevice', 1, '["internal"]', 'Phone', ?)`,
      )
      .run(randomBytes(12).toString('hex'), user.id, `cred-${tag()}`, now)
    await signIn(page, user)
    await page.goto(securityPath(user))
    await expect(page.getByText('Adding a passkey needs JavaScript')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Two-step verification' })).toBeVisible()
    await expect(page.getByTestId('passkey')).toContainText('Synced')
    await page.getByTestId('passkey').locator('summary').click()
    await page.getByLabel('Rename Phone').fill('Old phone')
    await page.getByRole('button', { name: 'Save name' }).click()
    await expect(toast(page, 'The passkey is now called "Old phone".')).toBeVisible()
    await page.getByRole('button', { name: 'Remove Old phone' }).click()
    const ask = page.getByRole('alertdialog')
    await expect(ask).toContainText('Remove the passkey "Old phone"?')
    await ask.getByRole('button', { name: 'Remove passkey' }).click()
    await expect(toast(page, 'The passkey "Old phone" was removed.')).toBeVisible()
    await expect(page.getByTestId('passkey')).toHaveCount(0)
  },
)

for (const locale of ['sv', 'en'] as const) {
  test(`axe: the passkeys section in ${locale}, empty and with a passkey, and /signin with the passkey button`, async ({ page }) => {
    const t = T[locale]
    const user = await insertUser({ name: `Axel Nyckel ${tag()}`, locale })
    await virtualAuthenticator(page)
    await holdBackAutofill(page)
    await signIn(page, user)
    await page.goto(securityPath(user))
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await addPasskey(page, user, 'Laptop', t)
    expect(await seriousViolations(page)).toEqual([])
    await signOutKeepingLanguage(page, locale)
    await page.goto('/signin')
    await expect(page.getByRole('button', { name: t.signInWithPasskey })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}
