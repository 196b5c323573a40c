import { expect, test } from '../support/e2e/fixtures'

test('an unknown path shows the not-found screen with status 404', { tag: '@nojs' }, async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible()
  await page.getByRole('link', { name: 'Gå till startsidan' }).click()
  await expect(page).toHaveURL('/')
})

test('an unknown API path answers 404 in JSON', async ({ request }) => {
  const response = await request.get('/api/no-such-call')
  expect(response.status()).toBe(404)
})

test('/forgot_password redirects to /forgot-password, keeping the query', { tag: '@nojs' }, async ({ page }) => {
  await page.goto('/forgot_password?email=anna%40example.se')
  await expect(page).toHaveURL('/forgot-password?email=anna%40example.se')
  await expect(page.getByRole('heading', { name: 'Glömt lösenordet?' })).toBeVisible()
  await expect(page.getByLabel('E-post', { exact: true })).toHaveValue('anna@example.se')
})

test('/verify/resend is the same screen as /forgot-password, for verification links', async ({ page }) => {
  await page.goto('/verify/resend')
  await expect(page.getByRole('heading', { name: 'Verifiera din e-postadress' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Skicka länk' })).toBeVisible()
})

test('a dead link says so on /verify and /new-password', async ({ page }) => {
  await page.goto('/verify?token=not-a-real-token')
  await expect(page.getByRole('alert')).toContainText('Länken är inte giltig.')
  await expect(page.getByRole('link', { name: 'Be om en ny verifieringslänk' })).toBeVisible()

  await page.goto('/new-password?token=not-a-real-token')
  await expect(page.getByRole('alert')).toContainText('Länken är inte giltig.')
  await page.getByRole('link', { name: 'Be om en ny länk' }).click()
  await expect(page).toHaveURL('/forgot-password')
})
