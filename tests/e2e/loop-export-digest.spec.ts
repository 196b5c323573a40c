import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { seriousViolations } from '../support/e2e/axe'
import { previousWeek } from '../../app/utils/local-week'
import { E2E_PORT, e2eDatabaseFile } from '../support/e2e/env'
import { expect, test } from '../support/e2e/fixtures'
import { insertTask } from '../support/e2e/group-work'
import { appLinkIn, emailCount, latestEmail } from '../support/e2e/mail'
import {
  addMember,
  appDb,
  insertGroup,
  insertOrganization,
  insertUser,
  orgPath,
  signIn,
  signOut,
  tag,
  type DbUser,
} from '../support/e2e/orgs'

/*
 * Issue 36, items 4 and 5 (docs/group-work.md "Export", "Digest"), with and without JavaScript:
 * a leader downloads the group's loops (CSV in Swedish, .xlsx in English) and the organization's
 * audit log names the export and its rows; a subscriber gets the weekly digest through the SMTP
 * sink and follows its link to the loop, and one who turned it off in the notification
 * preferences gets none.
 *
 * The digest's clock is the job's: the test runs the app's own job (sendDueDigests, through
 * tests/support/e2e/run-digest.ts) against the app's database at the moment it chooses, and the
 * server's outbox worker sends what it queued.
 */

const id = () => randomBytes(12).toString('hex')

function insertLoop(groupId: string, taskId: string | null, author: DbUser, text: string, created: Date, emotion = 4) {
  const loopId = id()
  appDb()
    .prepare(`insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(loopId, groupId, taskId, author.id, text, emotion, created.toISOString(), created.toISOString())
  return loopId
}

const follow = (groupId: string, subscriber: DbUser, member: DbUser) =>
  appDb()
    .prepare(`insert into group_follows (group_id, subscriber_id, member_id, created_at) values (?, ?, ?, ?)`)
    .run(groupId, subscriber.id, member.id, new Date().toISOString())

async function world() {
  const t = tag()
  const [owner, lena, leo, mia, sara, sam, ola, admin] = await Promise.all([
    insertUser({ name: `Olle Ägare ${t}` }),
    insertUser({ name: `Lena Ledare ${t}` }),
    insertUser({ name: `Leo Leader ${t}`, locale: 'en' }),
    insertUser({ name: `Mia Medlem ${t}` }),
    insertUser({ name: `Sara Mentor ${t}` }),
    insertUser({ name: `Sam Parent ${t}`, locale: 'en' }),
    insertUser({ name: `Ola Förälder ${t}` }),
    insertUser({ name: `Astrid Admin ${t}` }),
  ])
  const org = insertOrganization(`Skolan ${t}`)
  addMember(org.id, admin.id, { role: 'admin' })
  const group = insertGroup(org.id, {
    name: `Bild 7A ${t}`,
    owner,
    members: [[lena, 'leader'], [leo, 'leader'], mia, [sara, 'subscriber'], [sam, 'subscriber'], [ola, 'subscriber']],
  })
  for (const subscriber of [sara, sam, ola]) follow(group.id, subscriber, mia)
  const task = insertTask(group.id, { title: `Praktik dag 1 ${t}` })
  return { t, org, group, task, owner, lena, leo, mia, sara, sam, ola, admin }
}

async function download(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return { file, bytes: await readFile((await file.path())!) }
}

test(
  'a leader exports the group’s loops as CSV and as .xlsx; the audit log names the export',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    test.slow()
    const w = await world()
    insertLoop(w.group.id, w.task.id, w.mia, '=HYPERLINK("http://evil") och sen gick det bra', new Date('2026-11-23T13:05:00Z'), 5)
    insertLoop(w.group.id, null, w.mia, 'En fri loop', new Date('2026-11-24T08:00:00Z'), 2)

    // Swedish, CSV with the text.
    await signIn(page, w.lena)
    await page.goto(`/groups/${w.group.id}/loops`)
    const section = page.getByRole('region', { name: 'Exportera loopar' })
    await expect(section).toContainText('granskningslogg')
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    // On a phone too: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await section.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: test.info().outputPath('export-390.png') })
    await section.getByLabel('CSV (öppnas i Excel)').check()
    await section.getByLabel('Ta med looparnas text').check()
    const csv = await download(page, () => section.getByRole('button', { name: 'Ladda ner' }).click())
    expect(csv.file.suggestedFilename()).toMatch(new RegExp(`^Loopar Bild 7A ${w.t} \\d{4}-\\d\\d-\\d\\d\\.csv$`))
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = csv.bytes.toString('utf8').slice(1).split('\r\n')
    expect(lines.slice(0, 3)).toEqual([
      'Uppgift;Författare;Datum;Känsloläge;Taggar;Godkännande;Kommentarer;Text',
      `Praktik dag 1 ${w.t};Mia Medlem ${w.t};2026-11-23 14:05;5;;Inte godkänd;0;"'=HYPERLINK(""http://evil"") och sen gick det bra"`,
      `Fri loop;Mia Medlem ${w.t};2026-11-24 09:00;2;;;0;En fri loop`,
    ])

    // English, a workbook without the text.
    await signOut(page)
    await signIn(page, w.leo)
    await page.goto(`/groups/${w.group.id}/loops`)
    const en = page.getByRole('region', { name: 'Export loops' })
    await en.getByLabel('Excel workbook (.xlsx)').check()
    const xlsx = await download(page, () => en.getByRole('button', { name: 'Download' }).click())
    expect(xlsx.file.suggestedFilename()).toMatch(/\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(xlsx.bytes).buffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).values).toEqual([undefined, 'Task', 'Author', 'Date', 'Emotional value', 'Tags', 'Approval', 'Comments'])
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date('2026-11-23T14:05:00Z'))
    expect(sheet.getRow(3).getCell(1).value).toBe('Free loop')
    expect(sheet.rowCount).toBe(3)

    // A plain member has no export, and the address refuses them.
    await signOut(page)
    await signIn(page, w.mia)
    await page.goto(`/groups/${w.group.id}/loops`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Exportera loopar' })).toHaveCount(0)
    // The address itself sends them back to the Loops tab with the reason.
    await page.goto(`/groups/${w.group.id}/loops/export?format=csv`)
    await expect(page).toHaveURL(new RegExp(`/groups/${w.group.id}/loops$`))
    await expect(page.getByText('Du har inte behörighet att göra det.')).toBeVisible()

    // The organization's admin reads both exports in the audit log, with who and how many rows.
    await signOut(page)
    await signIn(page, w.admin)
    await page.goto(orgPath(w.org.id, 'audit'))
    const rows = page.getByRole('row').filter({ hasText: 'Exporterade en grupps loopar' })
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: w.lena.name })).toContainText('Klart: 2 rader')
    await expect(rows.filter({ hasText: w.leo.name })).toContainText(w.group.name)
  },
)

test(
  'a subscriber gets the weekly digest and follows it to the loop; one who turned it off gets none',
  { tag: '@nojs' },
  async ({ page }) => {
    test.slow()
    const w = await world()
    // Last week in Stockholm, and a moment its digest is due: now, or Monday noon (after DIGEST_HOUR) if now is earlier.
    const week = previousWeek(new Date(), 'Europe/Stockholm', 12)
    const monday = new Date(Math.max(Date.now(), week.sendFrom.getTime()))
    const text = `${'Vi byggde en bro av glass-pinnar och den höll. '.repeat(6)}SLUTET`
    const loopId = insertLoop(w.group.id, w.task.id, w.mia, text, new Date(week.from.getTime() + 86_400_000 + 3_600_000 * 13))

    // Ola turns the digest off in the notification preferences.
    await signIn(page, w.ola)
    await page.goto(`/users/${w.ola.id}/preferences/notifications`)
    await page.getByLabel('Veckans loopar av medlemmarna du följer (ett mejl varje måndag)').uncheck()
    await page.getByRole('button', { name: 'Spara aviseringar' }).click()
    await expect(page.getByText('Dina aviseringsinställningar är sparade.')).toBeVisible()
    await signOut(page)

    // The app's own job, run against the app's database at the moment the test chooses (Monday morning).
    execFileSync('npx', ['tsx', 'tests/support/e2e/run-digest.ts', monday.toISOString()], {
      env: { ...process.env, DATABASE_URL: `file:${e2eDatabaseFile()}`, APP_URL: `http://localhost:${E2E_PORT}`, NODE_ENV: 'test' },
      stdio: 'pipe',
    })

    const sv = await latestEmail(w.sara.email, { subject: /^Veckans loopar: 1 loop av medlemmar du följer$/, timeout: 30_000 })
    expect(sv.text).toContain(`Hej ${w.sara.name},`)
    expect(sv.text).toContain(`Bild 7A ${w.t}`)
    expect(sv.text).toContain(`- Mia Medlem ${w.t} · ”Praktik dag 1 ${w.t}” · känsloläge 4 av 5 (Bra)`)
    expect(sv.text).toContain(`“${text.slice(0, 200).trimEnd()}…”`)
    expect(sv.text).not.toContain('SLUTET')
    const en = await latestEmail(w.sam.email, { subject: /^Your weekly loops: 1 loop by members you follow$/, timeout: 30_000 })
    expect(en.text).toContain(`feeling 4 of 5 (Good)`)
    expect(await emailCount(w.ola.email)).toBe(0)

    // The link opens the loop for the subscriber.
    const path = appLinkIn(sv)
    expect(path).toBe(`/groups/${w.group.id}/loops/${loopId}`)
    await signIn(page, w.sara)
    await page.goto(path)
    await expect(page.getByText(text.slice(0, 40))).toBeVisible()
    await expect(page.getByText(`Mia Medlem ${w.t}`).first()).toBeVisible()
  },
)
