import sharp from 'sharp'
import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertGroup, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'

/*
 * Issue 34, loops (docs/group-work.md "Loops"): on a phone (390 px), in Swedish and English, with
 * and without JavaScript, a member opens a task's "write a loop", writes a loop with a photo, sees
 * it on its page and in "My loops"; another member gets 404 for its URL and its photo's; with
 * JavaScript the draft survives a reload. axe on the form and the loop page.
 */

test.use({ viewport: { width: 390, height: 844 } })

function insertTask(groupId: string, title: string) {
  const id = Math.random().toString(16).slice(2).padEnd(24, '0').slice(0, 24)
  const now = new Date(Date.now() - 60_000).toISOString()
  appDb()
    .prepare(
      `insert into group_tasks (id, group_id, package_id, package_role_name, title, instructions, position, published_at, created_at, updated_at)
       values (?, ?, null, '', ?, '', 0, ?, ?, ?)`,
    )
    .run(id, groupId, title, now, now, now)
  appDb().prepare(`insert into group_task_roles (task_id, group_id, role) values (?, ?, 'member')`).run(id, groupId)
  return { id, title }
}

async function world(locale: 'sv' | 'en') {
  const t = tag()
  const org = insertOrganization(`Skolan ${t}`)
  const owner = await insertUser({ name: `Olga Lärare ${t}`, locale })
  const pupil = await insertUser({ name: `Pia Elev ${t}`, locale })
  const other = await insertUser({ name: `Omar Elev ${t}`, locale })
  const group = insertGroup(org.id, { name: `Klass 7A ${t}`, owner, members: [pupil, other] })
  const task = insertTask(group.id, `Skolstart ${t}`)
  return { t, owner, pupil, other, group, task }
}

const WORDS = {
  sv: {
    send: 'Skicka loopen',
    text: 'Din reflektion',
    feeling: 'Bra',
    sent: 'Din loop är skickad.',
    myLoops: 'Mina loopar',
    restored: 'Din oskickade text',
  },
  en: {
    send: 'Send the loop',
    text: 'Your reflection',
    feeling: 'Good',
    sent: 'Your loop is sent.',
    myLoops: 'My loops',
    restored: 'Your unsent text',
  },
} as const

for (const locale of ['sv', 'en'] as const) {
  test(
    `a member writes a loop with a photo from a task (${locale}); another member cannot open it`,
    { tag: '@nojs' },
    async ({ page, browser, javaScriptEnabled }, testInfo) => {
      const w = WORDS[locale]
      const { pupil, other, group, task } = await world(locale)
      await signIn(page, pupil)
      await page.goto(`/groups/${group.id}/loops/new?task=${task.id}`)
      await expect(page.getByText(task.title)).toBeVisible()
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

      await page.getByLabel(w.text).fill(`Första dagen gick bra ${testInfo.project.name}`)
      await page.getByRole('radio', { name: w.feeling, exact: true }).check({ force: true })
      const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a7' } })
        .png()
        .toBuffer()
      await page.locator('input[type=file][name=photos]').setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: png })
      await page.getByRole('button', { name: w.send }).click()

      await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/loops/\\w+$`))
      await expect(toast(page, w.sent)).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible()
      await expect(page.getByText(`Första dagen gick bra ${testInfo.project.name}`)).toBeVisible()
      const photo = page.locator('main img').first()
      await expect(photo).toBeVisible()
      const photoUrl = (await photo.getAttribute('src'))!
      const loopUrl = new URL(page.url()).pathname
      if (javaScriptEnabled) {
        expect(await seriousViolations(page)).toEqual([])
        // A phone does not scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
      }

      await page.goto('/loops')
      await expect(page.getByRole('heading', { level: 1, name: w.myLoops })).toBeVisible()
      await expect(page.getByRole('link', { name: task.title })).toBeVisible()

      const otherContext = await browser.newContext()
      const otherPage = await otherContext.newPage()
      await signIn(otherPage, other)
      expect((await otherPage.goto(loopUrl))?.status()).toBe(404)
      expect((await otherPage.request.get(photoUrl)).status()).toBe(404)
      await otherContext.close()
    },
  )
}

test('the draft of a loop survives a reload and is cleared once sent', async ({ page }) => {
  const w = WORDS.sv
  const { pupil, group, task } = await world('sv')
  await signIn(page, pupil)
  await page.goto(`/groups/${group.id}/loops/new?task=${task.id}`)
  await page.getByLabel(w.text).fill('Ett utkast som inte får försvinna')
  await page.getByRole('radio', { name: 'Okej', exact: true }).check({ force: true })
  await page.reload()
  await expect(page.getByText(w.restored)).toBeVisible()
  await expect(page.getByLabel(w.text)).toHaveValue('Ett utkast som inte får försvinna')
  await expect(page.getByRole('radio', { name: 'Okej', exact: true })).toBeChecked()
  await page.getByRole('button', { name: w.send }).click()
  await expect(toast(page, w.sent)).toBeVisible()
  await page.goto(`/groups/${group.id}/loops/new?task=${task.id}`)
  await expect(page.getByLabel(w.text)).toHaveValue('')
})

test('a shared computer: signing out removes the draft, so the next person (or the same, later) starts empty', async ({ page }) => {
  const w = WORDS.sv
  const { pupil, group, task } = await world('sv')
  await signIn(page, pupil)
  const form = `/groups/${group.id}/loops/new?task=${task.id}`
  await page.goto(form)
  await page.getByLabel(w.text).fill('Något personligt som inte ska ligga kvar')
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('loop-draft:')).length)).toBe(1)
  await page.goto('/signout')
  await page.getByRole('main').getByRole('button', { name: 'Logga ut' }).click()
  await expect(page).not.toHaveURL(/\/signout/)
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('loop-draft:')).length)).toBe(0)
  await signIn(page, pupil)
  await page.goto(form)
  await expect(page.getByLabel(w.text)).toHaveValue('')
  await expect(page.getByText(w.restored)).toHaveCount(0)
})
