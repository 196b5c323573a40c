import { expect, test } from '../support/e2e/fixtures'

test('Swedish is the default; "English" switches the auth screens and the choice sticks', { tag: '@nojs' }, async ({ page }) => {
  await page.goto('/signin')
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible()

  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveURL('/signin')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible()

  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()

  await page.getByRole('button', { name: 'Svenska' }).click()
  await expect(page.getByRole('heading', { name: 'Skapa ett konto' })).toBeVisible()
  await expect(page).toHaveURL('/signup')
})

test('the language switch keeps the query of the page', async ({ page }) => {
  await page.goto('/signin?redirectTo=%2Fsupport&email=anna%40example.se')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page).toHaveURL('/signin?redirectTo=%2Fsupport&email=anna%40example.se')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('anna@example.se')
})
