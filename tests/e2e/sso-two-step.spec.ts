import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { latestEmail } from '../support/e2e/mail'
import { appDb, insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'
import { signInAtProvider } from '../support/e2e/sso'
import { codeAt, enrolTotpHere } from '../support/e2e/two-step'
import { uniqueEmail } from '../support/e2e/users'

/*
 * Issue 33 item 1: the password alone no longer gets past two-step verification through single
 * sign-on. Someone who knows a victim's password (not their code) signs in with their own
 * Microsoft account (no verified email, so /signup/confirm asks for one), types the victim's
 * address and password: they end at the second step, not signed in, and nothing is linked. The
 * owner, with a code, links and is told by email. Real OpenID provider (scripts/oidc-providers.ts);
 * Swedish. Tagged @nojs: again with JavaScript disabled.
 */

/** A password account with two-step verification set up on its security screen; answers its key. */
async function victimWithTwoStep(page: Page) {
  const victim = await insertUser({ name: `Vera Offer ${tag()}` })
  await signIn(page, victim)
  await page.goto(`/users/${victim.id}/preferences/security`)
  const { key } = await enrolTotpHere(page, {
    start: 'Ställ in tvåstegsverifiering',
    code: 'Kod från appen',
    confirm: 'Slå på tvåstegsverifiering',
    on: 'På',
  })
  await page.context().clearCookies()
  return { victim, key }
}

/** Through Microsoft with an account of `login`, then the victim's address and password on /signup/confirm. */
async function linkWithPassword(page: Page, login: string, victim: DbUser) {
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Fortsätt med Microsoft' }).click()
  await signInAtProvider(page, login)
  await expect(page).toHaveURL('/signup/confirm')
  await page.getByLabel('Namn').fill('Mallory')
  await page.getByLabel('E-post').fill(victim.email)
  await page.getByRole('button', { name: 'Skapa konto' }).click()
  await expect(page.getByText(`Det finns redan ett konto med ${victim.email}`)).toBeVisible()
  await page.getByLabel('Lösenord').fill(victim.password)
  await page.getByRole('button', { name: 'Koppla med lösenord' }).click()
}

const identitiesOf = (userId: string) =>
  appDb().prepare('select provider from user_identities where user_id = ?').all(userId) as { provider: string }[]
const sessionsOf = (userId: string) => appDb().prepare('select sign_in_method from sessions where user_id = ?').all(userId)

test(
  'an attacker who knows only the password ends at the second step: not signed in, nothing linked',
  { tag: '@nojs' },
  async ({ page }) => {
    const { victim } = await victimWithTwoStep(page)
    const sessionsBefore = sessionsOf(victim.id).length

    await linkWithPassword(page, `unverified-${uniqueEmail('mallory')}`, victim)
    await expect(page).toHaveURL('/signin/two-step')
    await expect(page.getByRole('heading', { name: 'Tvåstegsverifiering' })).toBeVisible()
    await expect(page.getByText('Ditt konto hos Microsoft kopplas till det här kontot först när du har angett koden.')).toBeVisible()
    expect((await page.request.get('/api/users/me')).status()).toBe(401)
    expect(identitiesOf(victim.id)).toEqual([])

    // A guessed code changes nothing.
    await page.getByLabel('Kod', { exact: true }).fill('000000')
    await page.getByRole('button', { name: 'Logga in' }).click()
    await expect(page.getByText('Koden stämmer inte')).toBeVisible()
    expect((await page.request.get('/api/users/me')).status()).toBe(401)
    expect(identitiesOf(victim.id)).toEqual([])
    expect(sessionsOf(victim.id)).toHaveLength(sessionsBefore)
    // Nothing for the outbox to tell either (the mail is queued in the request that links).
    expect(
      appDb().prepare(`select subject from mail_outbox where to_address = ? and subject like '%kopplades%'`).all(victim.email),
    ).toEqual([])
  },
)

test('the owner links their Microsoft account with the password and a code, and is told by email', { tag: '@nojs' }, async ({ page }) => {
  const { victim: owner, key } = await victimWithTwoStep(page)

  await linkWithPassword(page, `unverified-${uniqueEmail('owner')}`, owner)
  await expect(page).toHaveURL('/signin/two-step')
  // The next step's code (the enrolment spent this one's: a code is taken once).
  await page.getByLabel('Kod', { exact: true }).fill(codeAt(key, 30))
  await page.getByRole('button', { name: 'Logga in' }).click()
  await expect(page).toHaveURL('/')
  expect((await (await page.request.get('/api/users/me')).json()).email).toBe(owner.email)
  expect(identitiesOf(owner.id)).toEqual([{ provider: 'microsoft' }])

  const mail = await latestEmail(owner.email, { subject: /Ett konto hos Microsoft kopplades/ })
  expect(mail.text).toContain(`/users/${owner.id}/preferences/security`)
})
