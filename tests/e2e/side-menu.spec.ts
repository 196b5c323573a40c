import { expect, test } from '../support/e2e/fixtures'
import { createOrgWorld, signIn } from '../support/e2e/orgs'

/*
 * The side menu is rendered once: always shown beside the page from md (768 px) up, a "Meny"
 * disclosure on a phone, which opens without JavaScript.
 */

test('the side menu is beside the page on a wide screen and one disclosure on a phone', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  const menu = page.getByRole('navigation', { name: 'Sidomeny' })
  const orgLink = menu.getByRole('link', { name: org.name })
  // In the DOM once, shown or not.
  const menuCopies = page.locator('nav[aria-label="Sidomeny"]')

  await page.setViewportSize({ width: 1200, height: 800 })
  await page.goto('/organizations')
  await expect(menuCopies).toHaveCount(1)
  await expect(orgLink).toBeVisible()
  await expect(page.getByText('Meny', { exact: true })).toBeHidden()

  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/organizations')
  await expect(menuCopies).toHaveCount(1)
  await expect(orgLink).toBeHidden()
  await page.getByText('Meny', { exact: true }).click()
  await orgLink.click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
})
