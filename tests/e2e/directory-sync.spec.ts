import { confirmBulkAction, toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { createOrgWorld, orgPath, signIn } from '../support/e2e/orgs'

/*
 * Directory sync (docs/directory-sync.md) on the organization home, as an admin (Swedish): a
 * token is created and its secret shown once, it answers /scim/v2, it is revoked after a
 * confirmation, and then /scim/v2 refuses it. With and without JavaScript.
 */

test('an admin creates a directory token, sees it once, and revokes it', { tag: '@nojs' }, async ({ page, javaScriptEnabled, request }) => {
  const { org, admin, tag } = await createOrgWorld()
  await signIn(page, admin)
  await page.goto(orgPath(org.id))
  const section = page.getByRole('region', { name: 'Katalogsynk (SCIM)' })
  await expect(section).toContainText('/scim/v2')
  await expect(section).toContainText('Inga token ännu.')

  const name = `Entra ID ${tag}`
  await section.getByLabel('Namn på den nya token').fill(name)
  await section.getByRole('button', { name: 'Skapa token', exact: true }).click()
  await expect(section.getByText(`Token "${name}" är skapad`)).toBeVisible()
  const secret = await section.getByTestId('directory-token-secret').inputValue()
  expect(secret).toMatch(/^scim_/)
  if (javaScriptEnabled) {
    await expect(section.getByRole('button', { name: 'Kopiera', exact: true })).toBeVisible()
  }

  // The token works at the SCIM endpoint.
  const users = () => request.get('/scim/v2/Users', { headers: { Authorization: `Bearer ${secret}` } })
  expect((await users()).status()).toBe(200)

  // A provisioning cycle through the production server: create, deactivate (PATCH), delete.
  const auth = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/scim+json' }
  const email = `scim-${tag}-${javaScriptEnabled ? 'js' : 'nojs'}@example.se`
  const created = await request.post('/scim/v2/Users', {
    headers: auth,
    data: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, displayName: `Sam Scim ${tag}`, active: true },
  })
  expect(created.status()).toBe(201)
  const { id, meta } = await created.json()
  expect(created.headers()['location']).toBe(meta.location)
  const off = await request.patch(`/scim/v2/Users/${id}`, {
    headers: auth,
    data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  })
  expect(off.status()).toBe(200)
  expect((await off.json()).active).toBe(false)
  expect((await request.delete(`/scim/v2/Users/${id}`, { headers: auth })).status()).toBe(204)
  expect((await request.get(`/scim/v2/Users/${id}`, { headers: auth })).status()).toBe(404)

  // Shown only once: a fresh load of the page does not have it.
  await page.goto(orgPath(org.id))
  await expect(page.getByTestId('directory-token-secret')).toHaveCount(0)
  await expect(section.getByTestId('directory-tokens')).toContainText(name)
  await expect(section).toContainText('Personer från katalogen')
  // The read after the deletion (404) is among the sync's last errors.
  await expect(section.getByTestId('directory-errors')).toContainText(`Status 404 GET /Users/${id}`)
  await expect(section.getByTestId('directory-errors')).toContainText(`Token: ${name}`)
  // The audit list names the directory as the actor.
  await expect(page.getByRole('row').filter({ hasText: 'Lade till en person från katalogen' })).toContainText(`${name} (katalog)`)

  await confirmBulkAction(page, javaScriptEnabled, {
    button: `Återkalla ${name}`,
    title: `Återkalla token "${name}"?`,
    confirm: 'Återkalla',
  })
  await expect(toast(page, 'Token är återkallad.')).toBeVisible()
  await expect(section.getByTestId('directory-tokens')).toContainText('Återkallad')
  expect((await users()).status()).toBe(401)
})
