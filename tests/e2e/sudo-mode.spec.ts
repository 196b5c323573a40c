import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { latestEmail } from '../support/e2e/mail'
import { appDb, insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'

/*
 * "Confirm it's you" (sudo mode, docs/auth.md): adding or removing a passkey and setting up two-step
 * need a proof of the last 10 minutes. Signing in is one; after that, the change goes through
 * /confirm-identity (the password, a code, or a passkey with JavaScript) and comes back. The
 * server's clock is not the browser's: the proof is made old in the database, as 11 minutes would.
 */
const securityPath = (user: DbUser) => `/users/${user.id}/preferences/security`

/** The session's last proof, 11 minutes ago. */
const proofGrowsOld = (user: DbUser) =>
  appDb()
    .prepare('update sessions set proved_at = ? where user_id = ?')
    .run(new Date(Date.now() - 11 * 60_000).toISOString(), user.id)

/** A virtual platform authenticator (Chromium's DevTools WebAuthn domain) that verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

async function confirmWithPassword(page: Page, user: DbUser) {
  await expect(page).toHaveURL(/\/confirm-identity\?redirectTo=/)
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
}

test('with JavaScript: an old proof sends adding a passkey, two-step and removal to "Confirm it\'s you" and back', async ({ page }) => {
  // Three changes, each through the confirmation (two with the browser's passkey ceremonies).
  test.slow()
  const user = await insertUser({ name: `Sara Sudo ${tag()}`, locale: 'en' })
  await virtualAuthenticator(page)
  await signIn(page, user)
  proofGrowsOld(user)

  // Adding a passkey: the options are refused, the page goes to confirm, and comes back to the passkeys.
  await page.goto(securityPath(user))
  await page.getByLabel('Name of the passkey').fill('Laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page.getByText('The password is not right.')).toBeVisible()
  await confirmWithPassword(page, user)
  await expect(page).toHaveURL(`${securityPath(user)}#prefs-passkeys`)
  await expect(toast(page, "Thanks, it's you. Go ahead.")).toBeVisible()
  await page.getByLabel('Name of the passkey').fill('Laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(toast(page, 'The passkey "Laptop" was added.')).toBeVisible()

  // Setting up two-step, later: confirmed with the passkey just added.
  proofGrowsOld(user)
  await page.getByRole('button', { name: 'Set up two-step verification' }).click()
  await expect(page).toHaveURL(/\/confirm-identity\?redirectTo=/)
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(`${securityPath(user)}#prefs-two-step`)
  await page.getByRole('button', { name: 'Set up two-step verification' }).click()
  await expect(page.getByText('Scan the QR code with your authenticator app.')).toBeVisible()

  // Removing the passkey, later: confirmed with the password; the owner is told by email.
  proofGrowsOld(user)
  await page.goto(securityPath(user))
  await page.getByRole('button', { name: 'Remove Laptop' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click()
  await confirmWithPassword(page, user)
  await expect(page).toHaveURL(`${securityPath(user)}#prefs-passkeys`)
  await expect(page.getByTestId('passkey')).toHaveCount(1)
  await page.getByRole('button', { name: 'Remove Laptop' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove passkey' }).click()
  await expect(toast(page, 'The passkey "Laptop" was removed.')).toBeVisible()
  const mail = await latestEmail(user.email, { subject: /A passkey was removed/ })
  expect(mail.text).toContain('The passkey "Laptop" was removed')
})

test(
  'without JavaScript: removing a passkey with an old proof asks "Confirm it\'s you" (the password), then goes back and removes it',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'the journey of a browser without JavaScript')
    const user = await insertUser({ name: `Nora Sudo ${tag()}`, locale: 'en' })
    appDb()
      .prepare(
        `insert into passkeys (id, user_id, credential_id, public_key, counter, device_type, backed_up, transports, name, created_at)
       values (?, ?, ?, 'AA', 0, 'multiDevice', 1, '["internal"]', 'Phone', ?)`,
      )
      .run(randomBytes(12).toString('hex'), user.id, `cred-${tag()}`, new Date().toISOString())
    await signIn(page, user)
    proofGrowsOld(user)
    await page.goto(securityPath(user))
    await page.getByRole('button', { name: 'Remove Phone' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click()
    // The passkey needs JavaScript; the password does not.
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0)
    await page.getByLabel('Password', { exact: true }).fill('not the password')
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(page.getByText('The password is not right.')).toBeVisible()
    await confirmWithPassword(page, user)
    await expect(page).toHaveURL(`${securityPath(user)}#prefs-passkeys`)
    await expect(toast(page, "Thanks, it's you. Go ahead.")).toBeVisible()
    await page.getByRole('button', { name: 'Remove Phone' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click()
    await expect(toast(page, 'The passkey "Phone" was removed.')).toBeVisible()
    await expect(page.getByTestId('passkey')).toHaveCount(0)
  },
)
