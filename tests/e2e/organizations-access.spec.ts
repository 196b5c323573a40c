import { expect, test } from '../support/e2e/fixtures'
import { appDb, createOrgWorld, insertGroup, orgPath, signIn } from '../support/e2e/orgs'

/*
 * Only an organization's admins may use its pages. Anyone else gets the not-found screen with
 * status 404, without breadcrumbs (the organization's existence is not revealed), and their posts
 * change nothing.
 */

const TABS = [undefined, 'members', 'groups', 'group-creators', 'audit'] as const

test('a plain member and an admin of another organization get the not-found screen', async ({ page }) => {
  const { org, members } = await createOrgWorld({ memberNames: ['Maja Medlem'] })
  const [member] = members
  const group = insertGroup(org.id, { name: `Klass 1A ${member.name}`, owner: member })
  const other = await createOrgWorld({ memberNames: [] })

  for (const [who, user] of [
    ['plain member', member],
    ['admin of another organization', other.admin],
  ] as const) {
    await page.context().clearCookies()
    await signIn(page, user)
    for (const tab of TABS) {
      const path = orgPath(org.id, tab)
      const response = await page.goto(path)
      expect(response?.status(), `${who}: ${path}`).toBe(404)
      await expect(page.getByRole('heading', { name: 'Sidan hittades inte' }), `${who}: ${path}`).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Brödsmulor' })).toHaveCount(0)
      await expect(page.getByText(org.name)).toHaveCount(0)
    }
    // Posting a bulk form anyway changes nothing.
    const removal = await page.request.post(orgPath(org.id, 'members'), { form: { intent: 'remove', ids: member.id, confirmed: '1' } })
    expect(removal.status(), `${who}: remove members`).toBe(404)
    const deletion = await page.request.post(orgPath(org.id, 'groups'), { form: { intent: 'delete', ids: group.id, confirmed: '1' } })
    expect(deletion.status(), `${who}: delete groups`).toBe(404)
  }
  expect(appDb().prepare('select count(*) as n from organization_members where organization_id = ?').get(org.id)).toEqual({ n: 2 })
  expect(appDb().prepare('select count(*) as n from groups where id = ?').get(group.id)).toEqual({ n: 1 })

  // The other admin's list has their own organization only; the member's names the organization they belong to, with no way into its administration.
  await page.goto('/organizations')
  await expect(page.getByRole('main').getByRole('link', { name: other.org.name })).toBeVisible()
  await expect(page.getByRole('main').getByText(org.name)).toHaveCount(0)
  await page.context().clearCookies()
  await signIn(page, member)
  await page.goto('/organizations')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: org.name })).toBeVisible()
  await expect(main.getByRole('link', { name: org.name })).toHaveCount(0)
  await expect(main.locator(`a[href^="/organizations/${org.id}"]`)).toHaveCount(0)
})

test('an unknown organization id is not found too, and a signed-out visitor is sent to sign in', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  for (const tab of TABS) {
    await page.goto(orgPath(org.id, tab))
    await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(orgPath(org.id, tab))}`)
  }
  await signIn(page, admin)
  const response = await page.goto(orgPath('0123456789abcdef01234567', 'members'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Brödsmulor' })).toHaveCount(0)
  // The admin's own organization, for comparison: name in the breadcrumbs.
  await page.goto(orgPath(org.id, 'members'))
  await expect(page.getByRole('navigation', { name: 'Brödsmulor' })).toContainText(org.name)
})
