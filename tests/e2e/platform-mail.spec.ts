import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { latestEmail } from '../support/e2e/mail'
import { appDb, insertUser, signIn } from '../support/e2e/orgs'
import { uniqueEmail } from '../support/e2e/users'

/*
 * /platform/mail: a platform admin sees mail that died (SMTP was down for all its attempts) and
 * sends it again with "Retry now"; the message then arrives at the real SMTP sink. Anyone else gets
 * the not-found screen. The form works without JavaScript (@nojs).
 */

function insertDeadMail(to: string, subject: string) {
  const now = new Date().toISOString()
  appDb()
    .prepare(
      `insert into mail_outbox (id, to_address, subject, text_body, html_body, created_at, status, attempts, last_error)
       values (?, ?, ?, 'Hej!', '<p>Hej!</p>', ?, 'dead', 8, 'connect ECONNREFUSED 127.0.0.1:25')`,
    )
    .run(randomBytes(12).toString('hex'), to, subject, now)
}

test('a platform admin retries dead mail and it arrives @nojs', async ({ page, javaScriptEnabled }) => {
  const admin = await insertUser({ name: 'Pia Plattform' })
  appDb().prepare('update users set is_platform_admin = 1 where id = ?').run(admin.id)
  const to = uniqueEmail('dead')
  const subject = `Fastnat ${randomBytes(3).toString('hex')}`
  insertDeadMail(to, subject)

  await signIn(page, admin)
  await page.goto('/platform/mail')
  await expect(page.getByRole('heading', { name: 'E-post som inte levererats', level: 1 })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: to })
  await expect(row).toContainText(subject)
  await expect(row).toContainText('Uppgiven')
  await expect(row).toContainText('8 av 8')
  await expect(row).toContainText('ECONNREFUSED')
  // axe runs in the page: with JavaScript only.
  if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

  await row.getByRole('button', { name: `Försök igen nu: e-post till ${to}` }).click()
  await expect(toast(page, `E-posten till ${to} ligger i kön igen och skickas strax.`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: to })).toHaveCount(0)
  expect((await latestEmail(to)).subject).toBe(subject)
})

test('anyone but a platform admin gets the not-found screen', async ({ page }) => {
  const user = await insertUser({ name: 'Vanlig Användare' })
  await signIn(page, user)
  const response = await page.goto('/platform/mail')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'E-post som inte levererats' })).toHaveCount(0)
})
