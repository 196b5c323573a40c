import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage, insertShareLink } from '../support/e2e/library'
import { createOrgWorld, insertGroup, insertUser, signIn, tag } from '../support/e2e/orgs'

/** axe runs in the page's JavaScript: checked on the JavaScript run of each journey. */
const axe = async (page: Page) => (test.info().project.use.javaScriptEnabled === false ? [] : seriousViolations(page))

/*
 * Forms that keep work (issue 23): the package editor saves a typed task when another role's tab
 * or another step is chosen, and asks before finishing a package without tasks; the share
 * invitation form is empty after each invitation; the share-link page names the package and
 * who shared it, and says at once when a link does not work; a one-time code is in view and
 * focused.
 */

test('step 3 keeps a typed task when another role’s tab is chosen, and saves it', { tag: '@nojs' }, async ({ page }) => {
  const owner = await insertUser({ name: `Tove Tabb ${tag()}` })
  const pkg = insertPackage({ ownerId: owner.id, name: `Flikar ${tag()}`, roles: ['Lärare', 'Elev'], tasksPerRole: 0 })
  await signIn(page, owner)
  await page.goto(`/library/packages/edit/3/${pkg.id}`)
  await expect(page.getByRole('heading', { level: 2, name: 'Lärare' })).toBeVisible()
  await page.getByRole('button', { name: 'Lägg till en uppgift för Lärare' }).click()
  await page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel').fill('Boka aulan')
  // A second row left empty is dropped, not refused.
  await page.getByRole('button', { name: 'Lägg till en uppgift för Lärare' }).click()
  await expect(page.getByRole('group', { name: 'Uppgift 2' })).toBeVisible()

  const roles = page.getByRole('navigation', { name: 'Roller' })
  await roles.getByRole('button', { name: 'Elev (0)' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Elev' })).toBeVisible()
  await expect(page).toHaveURL(`/library/packages/edit/3/${pkg.id}?role=${pkg.roles[1].id}`)
  await roles.getByRole('button', { name: 'Lärare (1)' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Lärare' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel')).toHaveValue('Boka aulan')
  await expect(page.getByRole('group', { name: 'Uppgift 2' })).toHaveCount(0)

  // The step indicator saves too.
  await page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel').fill('Boka aulan och stolar')
  await page
    .getByRole('navigation', { name: 'Steg' })
    .getByRole('button', { name: /Grunduppgifter/ })
    .click()
  await expect(page).toHaveURL(`/library/packages/edit/1/${pkg.id}`)
  await page.goto(`/library/packages/edit/3/${pkg.id}`)
  await expect(page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel')).toHaveValue('Boka aulan och stolar')
})

test('finishing a new package without tasks asks first: add tasks, or finish as it is', { tag: '@nojs' }, async ({ page }) => {
  const user = await insertUser({ name: `Fia Färdig ${tag()}` })
  const name = `Utan uppgifter ${tag()}`
  await signIn(page, user)
  await page.goto('/library/packages/new/1')
  await page.getByLabel('Namn', { exact: true }).fill(name)
  await page.getByRole('main').getByLabel('Språk').selectOption('sv')
  await page.getByRole('button', { name: 'Spara och fortsätt' }).click()
  await page.getByRole('button', { name: 'Lägg till en roll' }).click()
  await page.getByRole('group', { name: 'Roll 1' }).getByLabel('Namn').fill('Elev')
  await page.getByRole('button', { name: 'Spara och avsluta' }).click()

  const question = page.getByRole('alertdialog', { name: 'Paketet har inga uppgifter än' })
  await expect(question).toBeVisible()
  await expect(page).toHaveURL(/\/library\/packages\/new\/2\?pid=\w+$/)
  expect(await axe(page)).toEqual([])
  // Adding tasks leads to step 3 of the editor, the package still a draft.
  await question.getByRole('link', { name: 'Lägg till uppgifter' }).click()
  await expect(page).toHaveURL(/\/library\/packages\/edit\/3\/\w+$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Elev' })).toBeVisible()
  await page.getByRole('button', { name: 'Spara och fortsätt' }).click()
  await page
    .getByRole('alertdialog', { name: 'Paketet har inga uppgifter än' })
    .getByRole('button', { name: 'Avsluta utan uppgifter' })
    .click()
  await expect(page).toHaveURL(/\/library\/packages\/edit\/4\/\w+$/)
  await expect(toast(page, `”${name}” har sparats.`)).toBeVisible()
})

test(
  'the share invitation form is empty again after an invitation, so the next one does not get edit rights',
  { tag: '@nojs' },
  async ({ page }) => {
    const owner = await insertUser({ name: `Olle Ägare ${tag()}` })
    const pkg = insertPackage({ ownerId: owner.id, name: `Inbjudningar ${tag()}` })
    await signIn(page, owner)
    await page.goto(`/library/packages/edit/4/${pkg.id}`)
    const first = `forsta-${tag()}@example.se`
    await page.getByLabel('E-postadress').fill(first)
    await page.getByLabel('Behörighet', { exact: true }).selectOption('edit')
    await page.getByRole('button', { name: 'Bjud in' }).click()
    await expect(toast(page, `${first} har bjudits in.`)).toBeVisible()
    await expect(page.getByLabel('E-postadress')).toHaveValue('')
    await expect(page.getByLabel('Behörighet', { exact: true })).toHaveValue('view')
  },
)

for (const locale of ['sv', 'en'] as const) {
  const texts = {
    sv: {
      open: 'Öppna paketet',
      shared: (who: string, what: string) => `${who} har delat paketet ”${what}” med dig.`,
      toast: (what: string) => `Du kan nu se ”${what}”.`,
      invalid: 'Länken fungerar inte',
      library: 'Till biblioteket',
      title: 'Delningslänk',
    },
    en: {
      open: 'Open the package',
      shared: (who: string, what: string) => `${who} shared the package “${what}” with you.`,
      toast: (what: string) => `You can now view “${what}”.`,
      invalid: 'The link does not work',
      library: 'Go to the library',
      title: 'Share link',
    },
  }[locale]

  test(`the share-link page names the package and who shared it; the toast names it (${locale})`, { tag: '@nojs' }, async ({ page }) => {
    const owner = await insertUser({ name: `Olga Ägare ${tag()}` })
    const friend = await insertUser({ name: `Frida Vän ${tag()}`, locale })
    const pkg = insertPackage({ ownerId: owner.id, name: `Föräldramöte ${tag()}` })
    const link = insertShareLink({ packageId: pkg.id, createdBy: owner.id })
    await signIn(page, friend)
    await page.goto(link.path)
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(texts.shared(owner.name, pkg.name))
    expect(await axe(page)).toEqual([])
    await page.getByRole('button', { name: texts.open }).click()
    await expect(page).toHaveURL(`/library/packages/view/${pkg.id}`)
    await expect(toast(page, texts.toast(pkg.name))).toBeVisible()
    await expect(page.getByRole('main')).not.toContainText('{{')
  })

  test(
    `a revoked or made-up share link says so on opening, with the way to the library (${locale})`,
    { tag: '@nojs' },
    async ({ page }) => {
      const owner = await insertUser({ name: `Olga Ägare ${tag()}` })
      const friend = await insertUser({ name: `Frida Vän ${tag()}`, locale })
      const pkg = insertPackage({ ownerId: owner.id, name: `Återkallat ${tag()}` })
      const revoked = insertShareLink({ packageId: pkg.id, createdBy: owner.id, revoked: true })
      await signIn(page, friend)
      for (const path of [revoked.path, '/library/packages/accept-share-link?token=inte-en-riktig-token']) {
        const response = await page.goto(path)
        expect(response?.status()).toBe(404)
        await expect(page.getByRole('heading', { level: 1, name: texts.invalid })).toBeVisible()
        await expect(page.getByRole('button', { name: texts.open })).toHaveCount(0)
        await expect(page.getByRole('main')).not.toContainText(pkg.name)
      }
      expect(await axe(page)).toEqual([])
      await page.getByRole('main').getByRole('link', { name: texts.library }).click()
      await expect(page).toHaveURL('/library')
    },
  )
}

test('a new open code of a group is in view and focused, to copy at once', async ({ page }) => {
  const { org, admin, members } = await createOrgWorld({ memberNames: Array.from({ length: 30 }, (_, i) => `Medlem ${i + 1}`) })
  const group = insertGroup(org.id, { name: `Kodgruppen ${tag()}`, owner: admin, members })
  await signIn(page, admin)
  await page.goto(`/groups/${group.id}/home`)
  const form = page.getByRole('region', { name: 'Bjud in' })
  await form.getByRole('radio', { name: 'Öppen kod för den som har den' }).check()
  await form.getByRole('button', { name: 'Bjud in' }).click()
  const panel = page.getByRole('region', { name: 'En ny kod för gruppen skapades: kopiera den nu' })
  const code = panel.getByLabel('Inbjudningskod')
  await expect(code).toBeFocused()
  await expect(code).toBeInViewport()
  await expect(code).toHaveValue(/^[A-Z0-9]{6}$/)
  await expect(panel.getByRole('button', { name: 'Kopiera' })).toBeVisible()
  // The invitation form is ready for the next one, in the way last chosen.
  await expect(form.getByRole('radio', { name: 'Öppen kod för den som har den' })).toBeChecked()
  expect(await axe(page)).toEqual([])
})

test('with JavaScript, leaving a step with unsaved typing asks first', async ({ page }) => {
  const owner = await insertUser({ name: `Lisa Lämna ${tag()}` })
  const pkg = insertPackage({ ownerId: owner.id, name: `Osparat ${tag()}`, roles: ['Lärare'], tasksPerRole: 0 })
  await signIn(page, owner)
  await page.goto(`/library/packages/edit/3/${pkg.id}`)
  await page.getByRole('button', { name: 'Lägg till en uppgift för Lärare' }).click()
  await page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel').fill('Inte sparad än')
  const crumbs = page.getByRole('navigation', { name: 'Brödsmulor' })
  await crumbs.getByRole('link', { name: 'Bibliotek' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lämna utan att spara?' })
  await expect(dialog).toBeVisible()
  expect(await axe(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Avbryt' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(`/library/packages/edit/3/${pkg.id}`)
  await expect(page.getByRole('group', { name: 'Uppgift 1' }).getByLabel('Titel')).toHaveValue('Inte sparad än')

  // Saving is not leaving: no question, and afterwards the page leaves freely.
  await page.getByRole('button', { name: 'Spara', exact: true }).click()
  await expect(toast(page, 'Sparat.')).toBeVisible()
  await crumbs.getByRole('link', { name: 'Bibliotek' }).click()
  await expect(page).toHaveURL('/library')

  // Typing again, then leaving on purpose.
  await page.goto(`/library/packages/edit/1/${pkg.id}`)
  await page.getByLabel('Namn', { exact: true }).fill('Nytt namn')
  await crumbs.getByRole('link', { name: 'Bibliotek' }).click()
  await page.getByRole('dialog', { name: 'Lämna utan att spara?' }).getByRole('button', { name: 'Lämna utan att spara' }).click()
  await expect(page).toHaveURL('/library')
})
