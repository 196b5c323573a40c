import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { appLinkIn, latestEmail } from '../support/e2e/mail'
import { createOrgWorld, groupMembers, insertGroup, insertUser, orgPath, signIn, signOut } from '../support/e2e/orgs'
import { submitSignIn } from '../support/e2e/users'

/*
 * Journeys of issue 35: a newcomer invited by a member file follows the email's link signed out,
 * is told what they are invited to and by whom, signs in, joins, and lands where there is
 * something for them (the file's groups, or their organizations with a next step); the admin's
 * audit log says in words what the import and the code came to. With and without JavaScript.
 */

const uniqueAddress = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 9)}@example.se`

/** Imports a CSV through the preview, as the admin signed in on `page`. */
async function importCsv(page: Page, organizationId: string, csv: string) {
  await page.goto(`/organizations/${organizationId}/members/import`)
  await page.getByLabel('Fil', { exact: true }).setInputFiles({ name: 'klass.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Visa förhandsgranskning' }).click()
  await page.getByRole('button', { name: 'Importera', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Resultat av importen av klass.csv' })).toBeVisible()
}

/** The invitation email's link, followed signed out: the sign-in page names the invitation; signing in comes back to join. */
async function followInvitationSignedOut(page: Page, newcomer: { email: string; password: string }, says: string[]) {
  const mail = await latestEmail(newcomer.email, { subject: /Du är inbjuden till/ })
  await signOut(page)
  await page.goto(appLinkIn(mail))
  await expect(page).toHaveURL(/\/signin\?redirectTo=/)
  const teaser = page.getByRole('region', { name: says[0] })
  for (const text of says) await expect(teaser).toContainText(text)
  await submitSignIn(page, newcomer)
  await page.getByRole('button', { name: 'Gå med' }).click()
}

test(
  'an admin imports a file with groups; the invited person accepts and lands in those groups; the audit log says what happened',
  { tag: '@nojs' },
  async ({ page }) => {
    const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
    const kor = insertGroup(org.id, { name: `Kör ${tag}`, owner: admin, members: [] })
    const address = uniqueAddress('nina')
    await signIn(page, admin)
    await importCsv(page, org.id, `E-post;Namn;Grupper\r\n${address};Nina Ny;${kor.name}\r\ninte-en-adress;X;\r\n`)

    // Nina makes her account before following the link (the e-mail names no account).
    const nina = await insertUser({ name: `Nina Ny ${tag}`, email: address })
    await followInvitationSignedOut(page, nina, [`Du är inbjuden att bli medlem i ${org.name}`, `Inbjuden av ${admin.name}.`])
    await expect(page).toHaveURL(`/groups/${kor.id}/home`)
    await expect(page.getByRole('heading', { level: 1, name: kor.name })).toBeVisible()
    expect(groupMembers(kor.id)).toContainEqual({ name: nina.name, role: 'member' })

    await signOut(page)
    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'audit'))
    const imported = page.getByRole('row').filter({ hasText: 'Importerade medlemmar från en fil' })
    await expect(imported).toContainText('Delvis klart: 1 inbjuden, 1 ogiltig')
    await expect(imported).not.toContainText('INVITED')
    const used = page.getByRole('row').filter({ hasText: 'Använde en inbjudningskod' })
    await expect(used).toContainText('Organisationen (som medlem)')
    await expect(used).toContainText(nina.name)
  },
)

test('a newcomer who joins an organization by code lands on its card with a next step', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  const address = uniqueAddress('ny')
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  await page.getByLabel('E-postadresser').fill(address)
  await page.getByRole('button', { name: 'Lägg till', exact: true }).click()
  // The members page lists the invitation, for a member, with resend and revoke.
  const pending = page.getByRole('region', { name: 'Väntande inbjudningar att bli medlem' })
  await expect(pending.getByRole('row').filter({ hasText: address })).toContainText('Medlem')
  await expect(pending.getByRole('button', { name: `Skicka igen: inbjudan till ${address}` })).toBeVisible()

  const newcomer = await insertUser({ name: `Ny Elev ${tag}`, email: address })
  await followInvitationSignedOut(page, newcomer, [`Du är inbjuden att bli medlem i ${org.name}`, `Inbjuden av ${admin.name}.`])
  await expect(page).toHaveURL('/organizations')
  await expect(page.getByText(`Välkommen till ${org.name}!`)).toBeVisible()
  const card = page.getByRole('region', { name: 'Där du är medlem' }).getByRole('listitem').filter({ hasText: org.name })
  await expect(card).toContainText('Du är inte med i någon av dess grupper ännu.')
  await card.getByRole('link', { name: 'Använd en inbjudningskod' }).click()
  await expect(page).toHaveURL('/invitation-code')
  await expect(page.getByRole('heading', { name: 'Använd en inbjudningskod' })).toBeVisible()
})
