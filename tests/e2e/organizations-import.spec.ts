import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { latestEmail } from '../support/e2e/mail'
import { appDb, createOrgWorld, insertGroup, insertUser, orgPath, signIn } from '../support/e2e/orgs'

/*
 * Filling an organization's member list (issue 27 items 7 and 8): importing a CSV file or an Excel
 * workbook through its preview, and adding people by email on the members page. Tagged @nojs: the
 * chromium-nojs project runs them again without JavaScript (uploads, preview and confirmation are
 * plain forms and pages).
 */

const importPath = (orgId: string) => `/organizations/${orgId}/members/import`
const uniqueAddress = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 9)}@example.se`

async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, createGroups = false) {
  await page.getByLabel('Fil', { exact: true }).setInputFiles(file)
  if (createGroups) await page.getByLabel('Skapa grupper som inte finns än (du blir ägare)').check()
  await page.getByRole('button', { name: 'Visa förhandsgranskning' }).click()
}

const section = (page: Page, name: RegExp) => page.getByRole('region', { name })

test(
  'an admin imports a CSV written by Swedish Excel: preview, confirm, result per row; the invitation arrives; again changes nothing',
  { tag: '@nojs' },
  async ({ page }) => {
    const { org, admin, members, tag } = await createOrgWorld({ memberNames: ['Berit Berg'] })
    const [berit] = members
    const kor = insertGroup(org.id, { name: `Kör ${tag}`, owner: admin, members: [] })
    const outsider = await insertUser({ name: `Olle Utanför ${tag}` })
    const newcomer = uniqueAddress('nina')
    const csv = `\uFEFFE-post;Förnamn;Efternamn;Grupper;Gruppskapare;Telefon\r\n${outsider.email};Olle;Utanför;${kor.name};ja;\r\n${newcomer};Nina;Ny;;nej;070\r\n${berit.email};Berit;;;;\r\ninte-en-adress;X;;;;\r\n${uniqueAddress('okand')};Y;;Finns inte ${tag};;\r\n`

    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    await page.getByRole('link', { name: 'Importera från fil' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Importera medlemmar' })).toBeVisible()
    await uploadFile(page, { name: 'medlemmar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })

    await expect(page.getByRole('heading', { level: 1, name: 'Förhandsgranskning av medlemmar.csv' })).toBeVisible()
    await expect(page.getByText('Inget har ändrats än.')).toBeVisible()
    // Which columns were read, as what, and which were not (issue 35).
    await expect(
      page.getByText(
        'Kolumner som läses: ”E-post” som e-post, ”Förnamn” som förnamn, ”Efternamn” som efternamn, ”Grupper” som grupper, ”Gruppskapare” som gruppskapare.',
      ),
    ).toBeVisible()
    await expect(page.getByText('Kolumner som inte läses: Telefon.')).toBeVisible()
    const errors = section(page, /^Rader med fel/)
    await expect(errors.getByRole('row').filter({ hasText: 'inte-en-adress' })).toContainText('Inte en giltig e-postadress')
    await expect(
      section(page, /^Bjuds in via e-post/)
        .getByRole('row')
        .filter({ hasText: newcomer }),
    ).toContainText('Nina Ny')
    await expect(errors.getByRole('row').filter({ hasText: `Finns inte ${tag}` })).toContainText(`Ingen grupp heter Finns inte ${tag}`)
    await expect(
      section(page, /^Läggs till som medlemmar/)
        .getByRole('row')
        .filter({ hasText: outsider.email }),
    ).toContainText(`Går med i: ${kor.name}. Blir gruppskapare`)
    await expect(section(page, /^Bjuds in via e-post/).getByRole('rowheader', { name: newcomer })).toBeVisible()
    await expect(section(page, /^Redan medlemmar \(ingen ändring\)/).getByRole('rowheader', { name: berit.email })).toBeVisible()
    // Nothing has happened yet.
    expect(
      appDb().prepare('select count(*) as n from organization_members where organization_id = ? and user_id = ?').get(org.id, outsider.id),
    ).toEqual({ n: 0 })

    await page.getByRole('button', { name: 'Importera', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Resultat av importen av medlemmar.csv' })).toBeVisible()
    await expect(page.getByText('Importen är klar: 1 tillagda, 1 inbjudna, 0 uppdaterade, 2 importerades inte.')).toBeVisible()
    // What happened, in the past tense.
    await expect(
      section(page, /^Lades till som medlemmar/)
        .getByRole('row')
        .filter({ hasText: outsider.email }),
    ).toContainText('Tillagd')
    await expect(
      section(page, /^Bjöds in via e-post/)
        .getByRole('row')
        .filter({ hasText: newcomer }),
    ).toContainText('Inbjuden')

    const mail = await latestEmail(newcomer, { subject: /Du är inbjuden till/ })
    expect(mail.text).toContain(`${admin.name} har bjudit in dig att bli medlem i organisationen ${org.name}`)

    // The same file again: nothing to do.
    await page.getByRole('link', { name: 'Importera en fil till' }).click()
    await uploadFile(page, { name: 'medlemmar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect(page.getByText('Det finns inget att importera: alla är redan medlemmar eller inbjudna.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Importera', exact: true })).toHaveCount(0)
    await expect(section(page, /^Redan inbjudna/).getByRole('rowheader', { name: newcomer })).toBeVisible()
    await page.getByRole('button', { name: 'Välj en annan fil' }).click()
    await expect(page.getByLabel('Fil', { exact: true })).toBeVisible()
  },
)

test('an admin imports an Excel workbook with English headers and creates a missing group', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  const outsider = await insertUser({ name: `Olle Utanför ${tag}` })
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Members')
  sheet.addRow(['Email', 'Name', 'Groups', 'Group creator'])
  sheet.addRow([outsider.email, 'Olle', `Scouter ${tag}`, 'no'])
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer())

  await signIn(page, admin)
  await page.goto(importPath(org.id))
  await uploadFile(
    page,
    { name: 'lista.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer },
    true,
  )
  await expect(page.getByText(`Grupper som skapas: Scouter ${tag}`)).toBeVisible()
  await page.getByRole('button', { name: 'Importera', exact: true }).click()
  await expect(page.getByText('Importen är klar: 1 tillagda, 0 inbjudna, 0 uppdaterade, 0 importerades inte.')).toBeVisible()
  await page.goto(orgPath(org.id, 'groups'))
  await expect(page.getByRole('rowheader', { name: `Scouter ${tag}`, exact: true })).toBeVisible()
})

test('a file the import cannot read is said so, and nothing is stored', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  await page.goto(importPath(org.id))
  await uploadFile(page, { name: 'fel.csv', mimeType: 'text/csv', buffer: Buffer.from('Namn;Telefon\nAnna;070\n') })
  await expect(page.getByText('Första raden ska ange kolumnerna, och en av dem ska vara e-post (eller email).')).toBeVisible()
  await expect(page.getByLabel('Fil', { exact: true })).toBeVisible()
  // A PDF is not a CSV or Excel file: said so, not the header's message (issue 35).
  await uploadFile(page, { name: 'lista.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') })
  await expect(page.getByText('Filen är inte en CSV- eller Excelfil.', { exact: false })).toBeVisible()
})

test('an admin adds people by email: an account is added at once, the other invited by email', { tag: '@nojs' }, async ({ page }) => {
  const { org, admin, members, tag } = await createOrgWorld({ memberNames: ['Berit Berg'] })
  const outsider = await insertUser({ name: `Olle Utanför ${tag}` })
  const newcomer = uniqueAddress('ny')
  await signIn(page, admin)
  await page.goto(orgPath(org.id, 'members'))
  await page.getByLabel('E-postadresser').fill(`${outsider.email}, ${newcomer}\n${members[0].email} fel@`)
  await page.getByRole('button', { name: 'Lägg till', exact: true }).click()
  const results = page.getByTestId('add-by-email-results')
  await expect(results.getByRole('listitem')).toHaveText([
    `${outsider.email}: tillagd som medlem`,
    `${newcomer}: inbjuden via e-post`,
    `${members[0].email}: redan medlem`,
    'fel@: inte en giltig e-postadress',
  ])
  // The address that failed stays in the field to be corrected (issue 35); the others left it.
  await expect(page.getByLabel('E-postadresser')).toHaveValue('fel@')
  await expect(page.getByText('Adresserna som inte lades till står kvar i fältet')).toBeVisible()
  await expect(page.getByRole('rowheader', { name: outsider.name, exact: true })).toBeVisible()
  const mail = await latestEmail(newcomer, { subject: /Du är inbjuden till/ })
  expect(mail.text).toContain(org.name)
})

for (const locale of ['sv', 'en'] as const) {
  test(`the import screens have no serious axe violations (${locale})`, async ({ page }) => {
    const { org, admin, tag } = await createOrgWorld({ memberNames: [], adminLocale: locale })
    const outsider = await insertUser({ name: `Olle ${tag}` })
    await signIn(page, admin)
    await page.goto(importPath(org.id))
    await expect(page.getByRole('heading', { level: 1, name: locale === 'sv' ? 'Importera medlemmar' : 'Import members' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel(locale === 'sv' ? 'Fil' : 'File', { exact: true }).setInputFiles({
      name: 'a.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email;name\n${outsider.email};Olle\n${uniqueAddress('x')};X\nbad;Y\n`),
    })
    await page.getByRole('button', { name: locale === 'sv' ? 'Visa förhandsgranskning' : 'Show preview' }).click()
    await expect(page.getByRole('button', { name: locale === 'sv' ? 'Importera' : 'Import', exact: true })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(orgPath(org.id, 'members'))
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('on a 375 px phone the import screens do not scroll sideways', { tag: '@nojs' }, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  const { org, admin } = await createOrgWorld({ memberNames: [] })
  await signIn(page, admin)
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
  await page.goto(importPath(org.id))
  expect(await sideways()).toBe(false)
  const long = `${'a'.repeat(60)}@${'b'.repeat(40)}.example.se`
  await uploadFile(page, {
    name: 'lång.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email;name;groups\n${long};${'Namn '.repeat(12)};Grupp\n`),
  })
  await expect(page.getByRole('heading', { level: 1, name: /Förhandsgranskning/ })).toBeVisible()
  expect(await sideways()).toBe(false)
  await page.goto(orgPath(org.id, 'members'))
  expect(await sideways()).toBe(false)
})
