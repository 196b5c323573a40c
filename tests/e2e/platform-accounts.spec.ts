import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { latestEmail } from '../support/e2e/mail'
import { appDb, insertUser, signIn } from '../support/e2e/orgs'

/*
 * /platform/accounts, the lost-every-factor reset (ASVS 6.4.4), in Swedish: a platform admin finds
 * the account, sees its passkey and provider account, writes down the identity checks (required),
 * and resets it. The person's signed-in browser lands on sign-in, the person is emailed, and the
 * reset is listed with the checks. The form works without JavaScript (@nojs).
 */

test('a platform admin resets the sign-in methods of a person who lost every factor @nojs', async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const tag = randomBytes(3).toString('hex')
  const admin = await insertUser({ name: `Pia Plattform ${tag}` })
  appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(admin.id)
  const person = await insertUser({ name: `Lena Låst ${tag}` })
  const now = new Date().toISOString()
  appDb()
    .prepare(
      `insert into passkeys (id, user_id, credential_id, public_key, device_type, name, created_at) values (?, ?, ?, 'pk', 'singleDevice', 'Telefon', ?)`,
    )
    .run(randomBytes(12).toString('hex'), person.id, randomBytes(16).toString('hex'), now)
  appDb()
    .prepare(
      `insert into user_identities (id, user_id, provider, issuer, subject, email, created_at, last_used_at) values (?, ?, 'google', 'https://google.example', ?, null, ?, ?)`,
    )
    .run(randomBytes(12).toString('hex'), person.id, randomBytes(8).toString('hex'), now, now)
  const personsContext = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': '10.202.1.1' } })
  const personsPage = await personsContext.newPage()
  await signIn(personsPage, person)

  await signIn(page, admin)
  await page.goto('/platform/accounts')
  await expect(page.getByRole('heading', { level: 1, name: 'Konton' })).toBeVisible()
  await page.getByLabel('Kontots e-postadress').fill(person.email.toUpperCase())
  await page.getByRole('button', { name: 'Sök', exact: true }).click()
  const account = page.getByRole('region', { name: person.name })
  await expect(account).toContainText('Nycklar (passkeys)1')
  await expect(account).toContainText('google')
  if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

  // The checks are required: without them nothing happens.
  const reset = page.getByRole('button', { name: `Återställ inloggningssätt för ${person.email}` })
  await page.getByLabel('Identitetskontroller som gjorts (obligatoriskt)').fill('ok')
  await reset.click()
  await expect(page.getByText('Beskriv identitetskontrollerna med minst en mening.')).toBeVisible()
  await expect(account).toContainText('Nycklar (passkeys)1')

  const checks = `Ringde upp numret skolan har registrerat (${tag}); rektorn bekräftade begäran.`
  await page.getByLabel('Identitetskontroller som gjorts (obligatoriskt)').fill(checks)
  await page.getByRole('button', { name: `Återställ inloggningssätt för ${person.email}` }).click()
  await expect(toast(page, `Inloggningssätten för ${person.email} har återställts.`)).toBeVisible()
  await expect(page.getByRole('region', { name: person.name })).toContainText('Nycklar (passkeys)0')
  await expect(page.getByRole('region', { name: 'Tidigare återställningar' })).toContainText(checks)

  await personsPage.goto('/organizations')
  await expect(personsPage).toHaveURL(/\/signin/)
  expect((await latestEmail(person.email, { subject: /Inloggningssätten för ditt konto/ })).text).toContain('tog supporten bort')
  await personsContext.close()
})
