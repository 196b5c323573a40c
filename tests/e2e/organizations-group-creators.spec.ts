import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appLinkIn, latestEmail } from '../support/e2e/mail'
import { createOrgWorld, orgPath, signIn, signOut } from '../support/e2e/orgs'
import { createVerifiedUser, submitSignIn } from '../support/e2e/users'

/*
 * Group creators and invitations to become one (Swedish). The invitation email is read from the
 * real SMTP sink (tests/support/smtp-sink.ts). One browser plays both people: the admin, then,
 * signed out, the invited user, then the admin again.
 */

const CODE = /^[23456789ACDEFGHJKMNPQRTUVWXY]{6}$/

test('invite a group creator by email; the invited user follows the link, signs in, is asked and joins', async ({ page, request }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  // Signed up and verified beforehand, through the real sign-up and verification email.
  const invited = await createVerifiedUser(request)

  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'group-creators'))
  await expect(page.getByRole('heading', { name: 'Gruppskapare', exact: true })).toBeVisible()
  await expect(page.getByText('Inga inbjudningar än.')).toBeVisible()

  await page.getByRole('button', { name: 'Bjud in en gruppskapare' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bjud in en gruppskapare' })
  await expect(dialog.getByRole('radio', { name: /^Via e-post/ })).toBeChecked()
  await dialog.getByLabel('E-postadress').fill(invited.email)
  await dialog.getByRole('button', { name: 'Skapa inbjudan' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, `Inbjudan har skickats till ${invited.email}.`)).toBeVisible()
  const invitations = page.getByRole('table', { name: 'Inbjudningar' })
  const row = invitations.getByRole('row').filter({ hasText: invited.email })
  await expect(row).toContainText('E-post')
  await expect(row).toContainText('Väntar')

  // The email: the code, and a link to /invitation-code with the code filled in.
  const email = await latestEmail(invited.email, { subject: new RegExp(`Du är inbjuden att skapa grupper i ${org.name}`) })
  expect(email.text).toContain(`${admin.name} har bjudit in dig till organisationen ${org.name}`)
  const code = /Din inbjudningskod: (\S+)/.exec(email.text)?.[1] ?? ''
  expect(code).toMatch(CODE)
  const link = appLinkIn(email)
  expect(link).toBe(`/invitation-code?code=${code}`)

  // The invited user, signed out: sign in first, then back with the code kept.
  await signOut(page)
  await page.goto(link)
  await expect(page).toHaveURL(`/signin?redirectTo=${encodeURIComponent(link)}`)
  await submitSignIn(page, invited)
  await expect(page).toHaveURL(link)
  // The link only asks: joining takes a click.
  await expect(page.getByRole('heading', { name: `Gå med i ${org.name} som gruppskapare?` })).toBeVisible()
  await page.getByRole('button', { name: 'Gå med', exact: true }).click()

  // A group creator (not an admin) lands on the organizations list, where the organization is.
  await expect(page).toHaveURL('/organizations')
  await expect(toast(page, `Välkommen till ${org.name}!`)).toBeVisible()
  const listed = page.getByRole('main').getByRole('listitem').filter({ hasText: org.name })
  await expect(listed).toContainText('Gruppskapare')
  await expect(listed).toContainText('Du får skapa grupper här.')

  // The admin sees the new group creator, and the invitation as used.
  await signOut(page)
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'group-creators'))
  await expect(
    page.getByRole('table', { name: 'Medlemmar som får skapa grupper' }).getByRole('row').filter({ hasText: invited.email }),
  ).toContainText(invited.name)
  await expect(invitations.getByRole('row').filter({ hasText: invited.email })).toContainText('Använd')
  await page.goto(orgPath(org.id, 'members'))
  const member = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: invited.name, exact: true }) })
  // Columns: select, name (row header), email, joined, last seen, admin, group creator.
  await expect(member.getByRole('cell').nth(4)).toHaveText('Nej')
  await expect(member.getByRole('cell').nth(5)).toHaveText('Ja')
})

test('an open invitation shows its code once; revoking it stops the code', async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'group-creators'))

  await page.getByRole('button', { name: 'Bjud in en gruppskapare' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bjud in en gruppskapare' })
  await dialog.getByRole('radio', { name: /^Öppen kod/ }).check()
  await expect(dialog.getByLabel('E-postadress')).toBeHidden()
  await dialog.getByRole('button', { name: 'Skapa inbjudan' }).click()
  await expect(dialog).toBeHidden()

  const panel = page.getByRole('status').filter({ hasText: 'Den öppna inbjudan har skapats: kopiera koden nu' })
  await expect(panel).toContainText('Den visas bara nu')
  // The code is in view and has the focus (selected, to copy at once).
  const field = panel.getByLabel('Inbjudningskod')
  await expect(field).toBeFocused()
  await expect(field).toBeInViewport()
  await expect(panel.getByRole('button', { name: 'Kopiera' })).toBeVisible()
  const code = await field.inputValue()
  expect(code).toMatch(CODE)
  const invitations = page.getByRole('table', { name: 'Inbjudningar' })
  await expect(invitations.getByRole('row').filter({ hasText: 'Öppen' })).toContainText('Väntar')

  // Shown once: not after a reload.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Inbjudningar' })).toBeVisible()
  await expect(page.getByText('Den öppna inbjudan har skapats')).toHaveCount(0)
  await expect(page.getByText(code)).toHaveCount(0)

  await page.getByRole('button', { name: /^Återkalla inbjudan som skapades / }).click()
  const confirm = page.getByRole('dialog', { name: 'Återkalla inbjudan?' })
  await expect(confirm).toContainText(/Den öppna koden skapad .+ slutar gälla direkt\./)
  await confirm.getByRole('button', { name: 'Återkalla', exact: true }).click()
  await expect(toast(page, 'Inbjudan har återkallats.')).toBeVisible()
  await expect(page.getByText('Inga inbjudningar än.')).toBeVisible()

  // The code is dead.
  const used = await page.request.put('/api/v1/invitations/use-code', { data: { invitationCode: code } })
  expect(used.status()).toBe(404)
  expect(await used.json()).toMatchObject({ message: 'INVITATION_NOT_FOUND' })
})

test(
  'the forms of the page are checked by the server: a bad address in the dialog, an empty list of creators; nothing is stored',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const { org, admin } = await createOrgWorld({ memberNames: [] })
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'group-creators'))

    // Empty: the server's message under the field, which has the focus; the page is otherwise as it was.
    const add = page.getByRole('form', { name: 'Lägg till gruppskapare' })
    await add.getByRole('button', { name: 'Lägg till som gruppskapare' }).click()
    const emails = add.getByLabel('Medlemmarnas e-postadresser')
    await expect(add.getByText('Fältet måste fyllas i.')).toBeVisible()
    await expect(emails).toHaveAttribute('aria-invalid', 'true')
    await expect(emails).toBeFocused()
    await expect(page.getByText('Inga gruppskapare än.')).toBeVisible()

    // An address that is not one: the error says so, and the address is there to correct.
    if (javaScriptEnabled) await page.getByRole('button', { name: 'Bjud in en gruppskapare' }).click()
    const form = javaScriptEnabled ? page.getByRole('dialog', { name: 'Bjud in en gruppskapare' }) : page.locator('#invite')
    await form.getByLabel('E-postadress').fill('inte-en-adress')
    await form.getByRole('button', { name: 'Skapa inbjudan' }).click()
    await expect(form.getByText('Ange en giltig e-postadress.')).toBeVisible()
    await expect(form.getByLabel('E-postadress')).toHaveValue('inte-en-adress')
    await expect(page.getByText('Inga inbjudningar än.')).toBeVisible()
  },
)
