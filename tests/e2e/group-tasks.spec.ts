import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage } from '../support/e2e/library'
import { createOrgWorld, signIn, signOut, tag } from '../support/e2e/orgs'

/*
 * Group work, tasks (docs/group-work.md#tasks), on a phone (390 px), in Swedish, with and without
 * JavaScript (@nojs): a leader of a group made from a package publishes its drafts at once and adds
 * a task for members; a member sees it on the Tasks tab and the overview. axe on the new screens.
 */

test.use({ viewport: { width: 390, height: 844 } })

const axeClean = async (page: import('@playwright/test').Page) => {
  if (test.info().project.use.javaScriptEnabled !== false) expect(await seriousViolations(page)).toEqual([])
}

test(
  'a leader publishes a package’s drafts and adds a task; a member sees it on the Tasks tab and the overview',
  { tag: '@nojs' },
  async ({ page }) => {
    // The whole of a leader's first day with the tasks: three minutes on a loaded machine.
    test.slow()
    const { org, admin, members } = await createOrgWorld({ memberNames: ['Elin Elev'] })
    const [pupil] = members
    const pkg = insertPackage({ ownerId: admin.id, name: `Skolstart ${tag()}`, roles: ['Lärare', 'Elev'], tasksPerRole: 1 })
    await signIn(page, admin)
    await page.goto(`/library/create/group?packageId=${pkg.id}`)
    await page.getByLabel('Organisation').selectOption(org.id)
    await page.getByLabel('Gruppens namn').fill(`Klass 7B ${tag()}`)
    await page.getByLabel('Medlemmar').fill(`${pupil.email}, medlem`)
    await page.getByRole('button', { name: 'Skapa grupp' }).click()
    await expect(page).toHaveURL(/\/groups\/\w+\/home$/)
    const groupPath = new URL(page.url()).pathname.replace(/\/home$/, '')

    // The overview asks the owner to publish the package's drafts.
    const yours = page.getByRole('region', { name: 'Dina uppgifter' })
    await expect(yours).toContainText('2 uppgifter från paketet är utkast')
    await yours.getByRole('button', { name: 'Publicera alla 2 utkast' }).click()
    await expect(page).toHaveURL(`${groupPath}/tasks`)
    await expect(toast(page, '2 uppgifter publicerades.')).toBeVisible()
    await expect(page.getByText('Utkast', { exact: true })).toHaveCount(0)

    // A task of the leader's own, for members, published now, on its own page.
    await page.getByRole('link', { name: 'Lägg till en uppgift' }).click()
    await expect(page).toHaveURL(`${groupPath}/tasks/new`)
    const form = page.getByRole('region', { name: 'Lägg till en uppgift' })
    await form.getByLabel('Titel').fill('Skriv om första veckan')
    await form.getByLabel('Beskrivning').fill('Hur var din första vecka i sjuan?')
    await form.getByRole('radio', { name: 'Nu' }).check()
    await form.getByRole('button', { name: 'Lägg till uppgiften' }).click()
    await expect(toast(page, '”Skriv om första veckan” lades till.')).toBeVisible()
    await expect(page).toHaveURL(`${groupPath}/tasks`)
    const row = page.getByRole('article', { name: 'Skriv om första veckan' })
    await expect(row).toContainText('Publicerad')
    await axeClean(page)

    // The list's row moves it; its page takes it back to a draft and publishes it again.
    await row.getByRole('button', { name: 'Flytta upp ”Skriv om första veckan”' }).click()
    await expect(toast(page, '”Skriv om första veckan” flyttades.')).toBeVisible()
    await row.getByRole('link', { name: 'Skriv om första veckan' }).click()
    const manage = page.getByRole('region', { name: 'Hantera uppgiften' })
    await manage.getByRole('button', { name: 'Gör ”Skriv om första veckan” till ett utkast igen' }).click()
    await expect(toast(page, '”Skriv om första veckan” är ett utkast igen.')).toBeVisible()
    await axeClean(page)
    await page.getByRole('link', { name: 'Alla uppgifter' }).click()
    await page
      .getByRole('article', { name: 'Skriv om första veckan' })
      .getByRole('button', { name: 'Publicera ”Skriv om första veckan” nu' })
      .click()
    await expect(toast(page, '”Skriv om första veckan” publicerades.')).toBeVisible()

    // The tags tab, for the owner.
    await page.goto(`${groupPath}/tags`)
    await page.getByLabel('Namn', { exact: true }).fill('Lugn')
    await page.getByRole('button', { name: 'Lägg till taggen' }).click()
    await expect(toast(page, 'Taggen ”Lugn” lades till.')).toBeVisible()
    await axeClean(page)

    // The member sees the published tasks of their role, with "Write a loop".
    await signOut(page)
    await signIn(page, pupil)
    await page.goto(`${groupPath}/tasks`)
    const card = page.getByRole('article', { name: 'Skriv om första veckan' })
    await expect(card).toContainText('Inte klar')
    await expect(card.getByRole('link', { name: 'Skriv en loop om ”Skriv om första veckan”' })).toHaveAttribute(
      'href',
      new RegExp(`^${groupPath}/loops/new\\?task=\\w+$`),
    )
    await expect(page.getByRole('article', { name: 'Elev: uppgift 1' })).toBeVisible()
    await expect(page.getByRole('article', { name: 'Lärare: uppgift 1' })).toHaveCount(0)
    await axeClean(page)

    await card.getByRole('link', { name: 'Skriv om första veckan', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Skriv om första veckan' })).toBeVisible()
    await expect(page.getByText('Du har inte skrivit någon loop om uppgiften än.')).toBeVisible()
    await axeClean(page)

    await page.goto(`${groupPath}/home`)
    await expect(
      page.getByRole('region', { name: 'Dina uppgifter' }).getByRole('article', { name: 'Skriv om första veckan' }),
    ).toBeVisible()
  },
)
