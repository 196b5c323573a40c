import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appLinkIn, latestEmail } from '../support/e2e/mail'
import { addMember, insertOrganization, insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'
import { uniqueEmail } from '../support/e2e/users'

/*
 * Profile and preferences (issue 12): the profile page, the account preferences and their forms,
 * the email change through the SMTP sink, the picture upload, and axe on every screen in both
 * languages. Journeys tagged @nojs run again with JavaScript disabled.
 */

async function me(locale: 'sv' | 'en' = 'sv') {
  const user = await insertUser({ name: `Pelle Profil ${tag()}`, locale })
  return user
}
const accountPath = (user: DbUser) => `/users/${user.id}/preferences/account`
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: /Brödsmulor|Breadcrumbs/ })

test('change the name: the breadcrumbs and the header follow', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(accountPath(user))
  await expect(breadcrumbs(page)).toContainText(user.name)
  await page.getByLabel('Ditt namn').fill('Petra Profilsson')
  await page.getByRole('button', { name: 'Spara namn' }).click()
  await expect(toast(page, 'Ditt namn är sparat.')).toBeVisible()
  await expect(breadcrumbs(page)).toContainText('Petra Profilsson')
  await expect(page.getByLabel('Ditt namn')).toHaveValue('Petra Profilsson')
})

test('a wrong password in the email form shows under the field', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(accountPath(user))
  await page.getByLabel('Ny e-postadress').fill(uniqueEmail('new'))
  await page.getByLabel('Ditt lösenord').fill('inte-rätt-lösenord')
  await page.getByRole('button', { name: 'Byt e-postadress' }).click()
  await expect(page.getByText('Lösenordet stämmer inte.')).toBeVisible()
  // The server's answer: the field in error is marked, described by its error and has the focus.
  const password = page.getByLabel('Ditt lösenord')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription('Lösenordet stämmer inte.')
  await expect(password).toBeFocused()
  await expect(password).toHaveValue('')
})

test('the preferences validate on the server: native constraints first, then its field errors', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(accountPath(user))
  await expect(page.getByLabel('Ditt namn')).toHaveAttribute('required', '')
  await expect(page.getByLabel('Ditt namn')).toHaveAttribute('maxlength', '100')
  await expect(page.getByLabel('Nytt lösenord', { exact: true })).toHaveAttribute('minlength', '8')
  await page.getByLabel('Nuvarande lösenord').fill(user.password)
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('ett-nytt-lösenord-1')
  await page.getByLabel('Nytt lösenord igen').fill('ett-annat-lösenord-2')
  await page.getByRole('button', { name: 'Byt lösenord' }).click()
  const confirm = page.getByLabel('Nytt lösenord igen')
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')
  await expect(confirm).toBeFocused()
  await expect(page.getByLabel('Nytt lösenord', { exact: true })).toHaveValue('')
})

test('change the language: the page reloads in the new language', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(accountPath(user))
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
  await page.getByLabel('Språk i tjänsten och dess e-post').selectOption('en')
  await page.getByRole('button', { name: 'Spara språk' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save language' })).toBeVisible()
})

test('change the timezone: the times on the page move with it', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(accountPath(user))
  const hourOf = async () => Number((await page.getByTestId('timezone-now').textContent())!.match(/(\d\d):\d\d/)![1])
  const before = await hourOf()
  await page.getByRole('combobox', { name: 'Tidszon' }).selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Spara tidszon' }).click()
  await expect(toast(page, /Din tidszon är sparad/)).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Tidszon' })).toHaveValue('Asia/Tokyo')
  // Tokyo is 8 hours ahead of Stockholm in winter, 7 in summer.
  expect([7, 8]).toContain(((((await hourOf()) - before) % 24) + 24) % 24)
})

test('change the email address: the link from the email makes it the new one', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  const newEmail = uniqueEmail('changed')
  await signIn(page, user)
  await page.goto(accountPath(user))
  await page.getByLabel('Ny e-postadress').fill(newEmail)
  await page.getByLabel('Ditt lösenord').fill(user.password)
  await page.getByRole('button', { name: 'Byt e-postadress' }).click()
  await expect(toast(page, `Vi har skickat en länk till ${newEmail}`)).toBeVisible()
  await expect(page.getByText(`Väntar på bekräftelse av ${newEmail}`)).toBeVisible()
  const mail = await latestEmail(newEmail, { subject: /Bekräfta din nya e-postadress/ })
  await page.goto(appLinkIn(mail))
  await page.getByRole('button', { name: 'Bekräfta den nya adressen' }).click()
  await expect(toast(page, `Din e-postadress är nu ${newEmail}.`)).toBeVisible()
  await expect(page.getByText(`Din adress: ${newEmail}`)).toBeVisible()
  const notice = await latestEmail(user.email, { subject: /har ändrats/ })
  expect(notice.text).toContain(newEmail)
})

test('upload a profile picture, see it, and a disguised file is refused', { tag: '@nojs' }, async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(`/users/${user.id}`)
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer()
  await page.getByLabel('Bildfil').setInputFiles({ name: 'jag.png', mimeType: 'image/png', buffer: png })
  await page.getByRole('button', { name: 'Ladda upp bild' }).click()
  await expect(toast(page, 'Din profilbild är sparad.')).toBeVisible()
  const img = page.getByRole('img', { name: `Profilbild för ${user.name}` })
  await expect(img).toBeVisible()
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256)

  await page.getByLabel('Bildfil').setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: Buffer.from('<html>nope</html>') })
  await page.getByRole('button', { name: 'Ladda upp bild' }).click()
  await expect(page.getByLabel('Bildfil')).toHaveAccessibleDescription(/Filen är ingen bild vi kan använda/)
  await expect(page.getByLabel('Bildfil')).toHaveAttribute('aria-invalid', 'true')
})

test(
  'a picture over 5 MB: the message beside the field, before sending with JavaScript, from the server without',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const user = await me('en')
    await signIn(page, user)
    await page.goto(`/users/${user.id}`)
    const field = page.getByLabel('Picture file')
    await expect(field).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    const message = /The picture is larger than 5 MB/
    // Over the picture's limit (read and dropped by the route), and over the upload's (refused by the server before the app).
    for (const megabytes of [6, 12]) {
      await page.goto(`/users/${user.id}`)
      await field.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(megabytes * 1024 * 1024, 1) })
      if (javaScriptEnabled) await expect(field).toHaveAccessibleDescription(message)
      await page.getByRole('button', { name: 'Upload picture' }).click()
      await expect(field).toHaveAccessibleDescription(message)
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      // With JavaScript nothing was sent; without, the server sent the page back.
      expect(new URL(page.url()).search).toBe(javaScriptEnabled ? '' : '?pictureError=PICTURE_TOO_LARGE')
    }
  },
)

test('removing the picture asks first, also when clicked before the dialog has loaded', async ({ page }) => {
  const user = await me()
  await signIn(page, user)
  await page.goto(`/users/${user.id}`)
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer()
  await page.getByLabel('Bildfil').setInputFiles({ name: 'jag.png', mimeType: 'image/png', buffer: png })
  await page.getByRole('button', { name: 'Ladda upp bild' }).click()
  await expect(toast(page, 'Din profilbild är sparad.')).toBeVisible()
  // The dialog's code arrives late: the click must wait for it, not submit.
  await page.route(/\/assets\/confirm-modal-.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Ta bort bild' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Avbryt' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('img', { name: `Profilbild för ${user.name}` })).toBeVisible()
})

test("another user's profile: name and picture for a colleague, not found for a stranger", async ({ page }) => {
  const user = await me()
  const colleague = await insertUser({ name: `Kim Kollega ${tag()}` })
  const stranger = await insertUser({ name: `Fia Främling ${tag()}` })
  const org = insertOrganization(`Profilskolan ${tag()}`)
  addMember(org.id, user.id)
  addMember(org.id, colleague.id)
  await signIn(page, user)
  await page.goto(`/users/${colleague.id}`)
  await expect(page.getByRole('heading', { name: colleague.name })).toBeVisible()
  await expect(page.getByText(colleague.email)).toHaveCount(0)
  const response = await page.goto(`/users/${stranger.id}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByText(stranger.name)).toHaveCount(0)
})

for (const locale of ['sv', 'en'] as const) {
  test(`axe: every profile screen in ${locale}`, async ({ page }) => {
    const user = await me(locale)
    await signIn(page, user)
    for (const path of [
      `/users/${user.id}`,
      accountPath(user),
      `/users/${user.id}/preferences/notifications`,
      `/users/${user.id}/preferences/data`,
    ]) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      expect(await seriousViolations(page), path).toEqual([])
    }
  })
}
