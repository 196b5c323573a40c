import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, createOrgWorld, insertGroup, insertInvitation, insertUser, randomCode, signIn } from '../support/e2e/orgs'

/*
 * /invitation-code: every error of the invitation-code catalogue (spec section 8) with its
 * message, the "Go to…" links of the 409s, the input's rules (section 5) and the rate limit.
 * The invitations are inserted with known codes (tests/support/e2e/orgs.ts).
 */

/**
 * Enters a code on a freshly loaded /invitation-code and submits it.
 *
 * Fresh each time on purpose: with Remix 2.17's single fetch, an action answering 4xx leaves its
 * (finished) request as the router's pending navigation, and the next submission aborts it; when
 * that lands while the answer is still being read, the page gets an unhandled "AbortError: signal
 * is aborted without reason" (a framework race, reported; a person does not resubmit within
 * milliseconds, a test does).
 */
async function redeem(page: Page, code: string) {
  await page.goto('/invitation-code')
  await page.getByLabel('Inbjudningskod').fill(code)
  await page.getByRole('button', { name: 'Använd koden' }).click()
}

const codeError = (page: Page) => page.locator('#code-error')

test('each error of the invitation-code catalogue shows its message', { tag: '@nojs' }, async ({ page, javaScriptEnabled }) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  // The user is already a member and group creator of the organization, and in one of its groups.
  const user = await insertUser({ name: `Ulla Användare ${tag}` })
  addMember(org.id, user.id, { groupCreator: true })
  const group = insertGroup(org.id, { name: `Klass 9B ${tag}`, owner: admin, members: [user] })
  const wrongEmail = insertInvitation({ organizationId: org.id, type: 'email', email: `someone-else-${tag}@example.se` })
  const used = insertInvitation({ organizationId: org.id, type: 'email', email: user.email, usedBy: user.id })
  const creatorAgain = insertInvitation({ organizationId: org.id })
  const groupAgain = insertInvitation({ organizationId: org.id, groupId: group.id })
  const organizationAgain = insertInvitation({ organizationId: org.id, groupCreator: false })

  await signIn(page, user)
  const input = page.getByLabel('Inbjudningskod')

  await redeem(page, randomCode())
  await expect(page.getByRole('heading', { name: 'Använd en inbjudningskod' })).toBeVisible()
  await expect(input).toHaveAttribute('maxlength', '6')
  await expect(codeError(page)).toHaveText('Inbjudan hittades inte')
  await expect(codeError(page)).toHaveRole('alert')
  // The field is marked invalid and says so.
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(/Koden godtogs inte\./)

  await redeem(page, wrongEmail.code)
  await expect(codeError(page)).toHaveText('Du har inte behörighet att acceptera den här inbjudan.')

  await redeem(page, used.code)
  await expect(codeError(page)).toHaveText('Den här koden har redan använts.')

  await redeem(page, creatorAgain.code)
  await expect(codeError(page)).toContainText('Du är redan gruppskapare i den här organisationen.')

  await redeem(page, groupAgain.code)
  await expect(codeError(page)).toContainText(`Du är redan medlem i gruppen ${group.name}.`)
  // The group's screen is not built yet (BUILT_SCREENS.groups): no link to it rather than a dead one.
  await expect(codeError(page).getByRole('link', { name: 'Gå till gruppen' })).toHaveCount(0)

  // Lower case works too: codes are compared in upper case.
  await redeem(page, organizationAgain.code.toLowerCase())
  await expect(codeError(page)).toContainText(`Du är redan medlem i organisationen ${org.name}.`)
  const goTo = codeError(page).getByRole('link', { name: 'Gå till organisationen' })
  // Not an admin: the organization is found in the list of organizations. (Followed with goto, not
  // a click at once: the same Remix race as in redeem().)
  await expect(goTo).toHaveAttribute('href', '/organizations')
  await page.goto((await goTo.getAttribute('href'))!)
  await expect(page).toHaveURL('/organizations')
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: org.name })).toContainText('Gruppskapare')

  if (javaScriptEnabled) {
    // The icon's state follows the typing: a well-formed code is "valid" until submitted.
    await page.goto('/invitation-code')
    await input.pressSequentially('ab3d')
    await expect(input).toHaveValue('AB3D')
    await expect(input).not.toHaveAccessibleDescription(/Koden har rätt form\./)
    await input.pressSequentially('efghjk')
    await expect(input).toHaveValue('AB3DEF')
    await expect(input).toHaveAccessibleDescription(/Koden har rätt form\./)
    // Too short: the form says so before asking the server.
    await input.fill('AB3')
    await page.getByRole('button', { name: 'Använd koden' }).click()
    await expect(input).toHaveAccessibleDescription(/Koden har 6 tecken\./)
  }
})

test('a code opened signed out asks to sign in, then redeems and lands on the organization', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  const user = await insertUser({ name: `Vera Ny ${tag}` })
  const open = insertInvitation({ organizationId: org.id, createdBy: admin.id })

  await page.goto(`/invitation-code?code=${open.code}`)
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(`/invitation-code?code=${open.code}`)}`)
  await page.getByLabel('E-post', { exact: true }).fill(user.email)
  await page.getByLabel('Lösenord', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
  await expect(page.getByLabel('Inbjudningskod')).toHaveValue(open.code)
  await page.getByRole('button', { name: 'Använd koden' }).click()
  await expect(page).toHaveURL('/organizations')
  await expect(page.getByRole('status').filter({ hasText: `Välkommen till ${org.name}!` })).toBeVisible()

  // The same open code again: already a group creator, with the way to the organization.
  await page.goto(`/invitation-code?code=${open.code}`)
  await page.getByRole('button', { name: 'Använd koden' }).click()
  await expect(codeError(page)).toContainText('Du är redan gruppskapare i den här organisationen.')
})

test('after 10 failed codes the next attempt is refused with a retry time, even with a right code', async ({ page }) => {
  const { org, tag } = await createOrgWorld({ memberNames: [] })
  // A fresh user, and (fixtures) a client address of this test's own.
  const user = await insertUser({ name: `Gissa Kod ${tag}` })
  const good = insertInvitation({ organizationId: org.id })
  await signIn(page, user)

  // Ten wrong codes through the API (the same user and client as the page): the tenth is
  // still answered with why, then the key is blocked...
  for (let i = 1; i <= 10; i++) {
    const response = await page.request.put('/api/v1/invitations/use-code', { data: { invitationCode: randomCode() } })
    expect(response.status(), `attempt ${i}`).toBe(404)
  }
  // ...and from then on the code is not even looked at, on the screen either.
  await redeem(page, good.code)
  await expect(codeError(page)).toContainText('För många försök.')
  await expect(codeError(page)).toContainText(/Du kan försöka igen kl\. \d{2}:\d{2}/)

  const api = await page.request.put('/api/v1/invitations/use-code', { data: { invitationCode: good.code } })
  expect(api.status()).toBe(429)
  const { message, retryAt } = (await api.json()) as { message: string; retryAt: string }
  expect(message).toBe('TOO_MANY_ATTEMPTS')
  expect(new Date(retryAt).getTime()).toBeGreaterThan(Date.now())
})

test('a group code joins the group and lands on the feed with a welcome naming the group', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  const group = insertGroup(org.id, { name: `Körgruppen ${tag}`, owner: admin })
  const joiner = await insertUser({ name: `Jonna Joinar ${tag}` })
  const invitation = insertInvitation({ organizationId: org.id, groupId: group.id })
  await signIn(page, joiner)
  await redeem(page, invitation.code)
  // The group's own screen is not built yet (BUILT_SCREENS.groups): the feed, not a dead end.
  await expect(page).toHaveURL('/')
  await expect(page.getByText(`Välkommen till ${group.name}!`)).toBeVisible()
})
