import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { APP_URL, appLinkIn, latestEmail } from '../support/e2e/mail'
import {
  addMember,
  appDb,
  createOrgWorld,
  groupMembers,
  insertGroup,
  insertInvitation,
  insertUser,
  randomCode,
  signIn,
} from '../support/e2e/orgs'
import { newUser, submitSignIn, VERIFY_SUBJECT } from '../support/e2e/users'

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

/** The user's membership of the organization, straight from the database (to see that asking joined nothing). */
const membershipOf = (organizationId: string, userId: string) =>
  appDb()
    .prepare('select role, is_group_creator from organization_members where organization_id = ? and user_id = ?')
    .get(organizationId, userId) as { role: string; is_group_creator: number } | undefined

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
  // The group's own screen (BUILT_SCREENS.groups).
  await expect(codeError(page).getByRole('link', { name: 'Gå till gruppen' })).toHaveAttribute('href', `/groups/${group.id}/home`)

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
  // The link only asks: what the code makes of the user, and a button.
  await expect(page.getByRole('heading', { name: `Gå med i ${org.name} som gruppskapare?` })).toBeVisible()
  expect(membershipOf(org.id, user.id)).toBeUndefined()
  await page.getByRole('button', { name: 'Gå med', exact: true }).click()
  await expect(page).toHaveURL('/organizations')
  await expect(page.getByRole('status').filter({ hasText: `Välkommen till ${org.name}!` })).toBeVisible()
  expect(membershipOf(org.id, user.id)).toEqual({ role: 'member', is_group_creator: 1 })

  // The same open code again: the link says at once that the user is already a group creator.
  await page.goto(`/invitation-code?code=${open.code}`)
  await expect(codeError(page)).toContainText('Du är redan gruppskapare i den här organisationen.')
  await expect(page.getByRole('button', { name: 'Gå med', exact: true })).toHaveCount(0)
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

test(
  'a group code joins the group and lands on its home with a welcome naming the group',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
    const group = insertGroup(org.id, { name: `Körgruppen ${tag}`, owner: admin })
    const joiner = await insertUser({ name: `Jonna Joinar ${tag}` })
    const invitation = insertInvitation({ organizationId: org.id, groupId: group.id })
    await signIn(page, joiner)
    await redeem(page, invitation.code)
    // A typed code asks too, naming the group.
    const question = page.getByRole('heading', { name: `Gå med i gruppen ${group.name} som medlem?` })
    await expect(question).toBeVisible()
    // The question has the focus, not the button: another Enter does not join unread.
    if (javaScriptEnabled) await expect(question).toBeFocused()
    await expect(page.getByText(`Gruppen hör till ${org.name}.`)).toBeVisible()
    expect(groupMembers(group.id).map((m) => m.name)).not.toContain(joiner.name)
    await page.getByRole('button', { name: 'Gå med', exact: true }).click()
    // The group's own screen (BUILT_SCREENS.groups).
    await expect(page).toHaveURL(`/groups/${group.id}/home`)
    await expect(page.getByText(`Välkommen till ${group.name}!`)).toBeVisible()
    expect(groupMembers(group.id)).toContainEqual({ name: joiner.name, role: 'member' })
  },
)

test('an invitation link followed while signed in asks, and joins only on the button', { tag: '@nojs' }, async ({ page }) => {
  const { org, tag } = await createOrgWorld({ memberNames: [] })
  const user = await insertUser({ name: `Lina Länk ${tag}` })
  const invitation = insertInvitation({ organizationId: org.id, type: 'email', email: user.email })
  await signIn(page, user)

  await page.goto(`/invitation-code?code=${invitation.code}`)
  await expect(page.getByRole('heading', { name: `Gå med i ${org.name} som gruppskapare?` })).toBeVisible()
  await expect(page.getByText(`Du blir medlem i organisationen ${org.name} och kan skapa grupper i den.`)).toBeVisible()
  // Opening it (again) changed nothing.
  await page.reload()
  expect(membershipOf(org.id, user.id)).toBeUndefined()

  // Cancel leaves without joining.
  await page.getByRole('link', { name: 'Avbryt' }).click()
  await expect(page).toHaveURL('/invitation-code')
  await expect(page.getByLabel('Inbjudningskod')).toHaveValue('')
  expect(membershipOf(org.id, user.id)).toBeUndefined()

  await page.goto(`/invitation-code?code=${invitation.code}`)
  await page.getByRole('button', { name: 'Gå med', exact: true }).click()
  await expect(page).toHaveURL('/organizations')
  await expect(page.getByRole('status').filter({ hasText: `Välkommen till ${org.name}!` })).toBeVisible()
  expect(membershipOf(org.id, user.id)).toEqual({ role: 'member', is_group_creator: 1 })
})

test('a join posted from another site is refused by the server', async ({ page }) => {
  const { org, tag } = await createOrgWorld({ memberNames: [] })
  const user = await insertUser({ name: `Olle Offer ${tag}` })
  const invitation = insertInvitation({ organizationId: org.id })
  await signIn(page, user)
  // A page on another origin (127.0.0.1 is another site than localhost, and stays on this machine)
  // with a form that posts the confirmation's answer to us.
  const elsewhere = `${APP_URL.replace('localhost', '127.0.0.1')}/elsewhere/prize`
  const other = await page.context().newPage()
  await other.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="${APP_URL}/invitation-code">
        <input type="hidden" name="intent" value="join"><input type="hidden" name="code" value="${invitation.code}">
        <button>Vinn en resa</button></form>`,
    }),
  )
  await other.goto(elsewhere)
  const [response] = await Promise.all([
    other.waitForResponse(`${APP_URL}/invitation-code`),
    other.getByRole('button', { name: 'Vinn en resa' }).click(),
  ])
  expect(response.status()).toBe(403)
  expect(await response.json()).toEqual({ message: 'FORBIDDEN' })
  expect(membershipOf(org.id, user.id)).toBeUndefined()
})

test(
  'sign up with an invitation code, verify, sign in: the page asks before joining',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin } = await createOrgWorld({ memberNames: [] })
    const invitation = insertInvitation({ organizationId: org.id, createdBy: admin.id })
    const user = newUser()

    await page.goto(`/signup?invitationCode=${invitation.code}`)
    await page.getByLabel('Namn', { exact: true }).fill(user.name)
    await page.getByLabel('E-post', { exact: true }).fill(user.email)
    // A common password is refused, saying why, under the field.
    await page.getByLabel('Lösenord', { exact: true }).fill('Sommar2024!')
    await page.getByRole('button', { name: 'Skapa konto' }).click()
    await expect(page.getByLabel('Lösenord', { exact: true })).toHaveAccessibleDescription(
      /Lösenordet är för vanligt eller för lätt att gissa/,
    )
    await page.getByLabel('Lösenord', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Skapa konto' }).click()
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible()

    await page.goto(appLinkIn(await latestEmail(user.email, { subject: VERIFY_SUBJECT })))
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Bekräfta e-postadressen' }).click()
    await expect(page).toHaveURL(/\/signin\?/)
    await submitSignIn(page, { email: user.email, password: user.password })

    await expect(page).toHaveURL('/invitation-code')
    await expect(page.getByText('Du skapade ditt konto med en inbjudan.')).toBeVisible()
    await expect(page.getByRole('heading', { name: `Gå med i ${org.name} som gruppskapare?` })).toBeVisible()
    const userId = (appDb().prepare('select id from users where email = ?').get(user.email.toLowerCase()) as { id: string }).id
    expect(membershipOf(org.id, userId)).toBeUndefined()

    await page.getByRole('button', { name: 'Gå med', exact: true }).click()
    await expect(page).toHaveURL('/organizations')
    await expect(page.getByRole('status').filter({ hasText: `Välkommen till ${org.name}!` })).toBeVisible()
    expect(membershipOf(org.id, userId)).toEqual({ role: 'member', is_group_creator: 1 })
  },
)
