import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { insertTask } from '../support/e2e/group-work'
import { appDb, insertGroup, insertInvitation, insertOrganization, insertUser, signIn, signOut, tag } from '../support/e2e/orgs'

/*
 * Issue 34, the whole cycle on a phone (390 px), in Swedish, with and without JavaScript, through
 * the screens only: a pupil opens the Tasks tab, writes a loop from the task; the teacher finds it
 * marked new on the Loops tab, comments and approves it on the loop page; the pupil reads the
 * notice in the feed, opens the loop from it and answers; a subscriber who follows one pupil sees
 * that pupil's loop on the Loops tab and nothing of another's.
 */

test.use({ viewport: { width: 390, height: 844 } })
// Three people sign in one after another, on a shared machine.
test.slow()

async function world() {
  const t = tag()
  const [teacher, pia, omar, sam] = await Promise.all(
    ['Tina Lärare', 'Pia Elev', 'Omar Elev', 'Sam Mentor'].map((name) => insertUser({ name: `${name} ${t}` })),
  )
  const org = insertOrganization(`Skolan ${t}`)
  const group = insertGroup(org.id, { name: `Klass 7B ${t}`, owner: teacher!, members: [pia!, omar!, [sam!, 'subscriber']] })
  const task = insertTask(group.id, { title: `Bygg en bro ${t}` })
  // Omar has written already; Sam follows Pia only.
  const now = new Date().toISOString()
  appDb()
    .prepare(`insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, ?, ?, ?, 2, ?, ?)`)
    .run(randomBytes(12).toString('hex'), group.id, task.id, omar!.id, `Omars loop ${t}`, now, now)
  appDb()
    .prepare(`insert into group_follows (group_id, subscriber_id, member_id, created_at) values (?, ?, ?, ?)`)
    .run(group.id, sam!.id, pia!.id, now)
  return { t, teacher: teacher!, pia: pia!, omar: omar!, sam: sam!, group, task }
}

test(
  'a pupil writes a loop from a task; the teacher comments and approves; the pupil answers from the feed; a mentor sees only whom they follow',
  { tag: '@nojs' },
  async ({ page }) => {
    const w = await world()
    const text = `Vi byggde en bro som höll ${w.t}`

    // The pupil: the Tasks tab, "Skriv en loop", the form.
    await signIn(page, w.pia)
    await page.goto(`/groups/${w.group.id}/home`)
    await page.getByRole('navigation', { name: 'Gruppens delar' }).getByRole('link', { name: 'Uppgifter' }).click()
    await expect(page).toHaveURL(new RegExp(`/groups/${w.group.id}/tasks$`))
    await page.getByRole('link', { name: `Skriv en loop om ”${w.task.title}”` }).click()
    await expect(page).toHaveURL(new RegExp(`/loops/new\\?task=${w.task.id}$`))
    await page.getByLabel('Din reflektion').fill(text)
    await page.getByRole('radio', { name: 'Bra', exact: true }).check({ force: true })
    await page.getByRole('button', { name: 'Skicka loopen' }).click()
    await expect(page.getByText(text)).toBeVisible()
    await signOut(page)

    // The teacher: the new loop is marked on the Loops tab; comment and approve on its page.
    await signIn(page, w.teacher)
    await page.goto(`/groups/${w.group.id}/loops`)
    const card = page.getByRole('article').filter({ hasText: text })
    await expect(card).toContainText('Nytt')
    await card.getByRole('link', { name: w.task.title }).click()
    await page.getByLabel('Kommentar').fill('Snyggt! Vem gjorde vad i gruppen?')
    await page.getByRole('button', { name: 'Skicka', exact: true }).click()
    await expect(page.getByText(`Din kommentar till ${w.pia.name} är skickad.`)).toBeVisible()
    await page.getByRole('button', { name: 'Godkänn', exact: true }).click()
    await expect(page.getByText(`Rapporten från ${w.pia.name} om ”${w.task.title}” är godkänd.`)).toBeVisible()
    // Opened: no longer new on the Loops tab.
    await page.goto(`/groups/${w.group.id}/loops`)
    await expect(page.getByRole('article').filter({ hasText: text })).not.toContainText('Nytt')
    await signOut(page)

    // The pupil: the notice in the feed leads to the loop; the thread, the approval, the answer.
    await signIn(page, w.pia)
    await page.goto('/')
    const notice = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: `${w.teacher.name} kommenterade din loop` })
    await notice.getByRole('link').first().click()
    await expect(page.getByText('Snyggt! Vem gjorde vad i gruppen?')).toBeVisible()
    await expect(page.getByText(`Godkänd av ${w.teacher.name}`)).toBeVisible()
    await page.getByLabel('Ditt svar').fill('Jag mätte och Omar tejpade.')
    await page.getByRole('button', { name: 'Skicka svar' }).click()
    await expect(page.getByText('Ditt svar är skickat.')).toBeVisible()
    await expect(page.getByText('Jag mätte och Omar tejpade.')).toBeVisible()
    await signOut(page)

    // The mentor follows Pia: her loop, not Omar's.
    await signIn(page, w.sam)
    await page.goto(`/groups/${w.group.id}/loops`)
    await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1)
    await expect(page.getByText(`Omars loop ${w.t}`)).toHaveCount(0)
  },
)

test.describe('an English-speaking newcomer', () => {
  // Their browser speaks English: the signed-out pages too.
  test.use({ locale: 'en-GB' })
  test(
    'a newcomer joins with the group’s code (in English), writes a first loop with a photo from Your tasks, and answers the teacher’s comment from the feed',
    { tag: '@nojs' },
    async ({ page, javaScriptEnabled }) => {
      const t = tag()
      const teacher = await insertUser({ name: `Tess Teacher ${t}`, locale: 'en' })
      const newcomer = await insertUser({ name: `Nina Newcomer ${t}`, locale: 'en' })
      const org = insertOrganization(`School ${t}`)
      const group = insertGroup(org.id, { name: `Year 7B ${t}`, owner: teacher })
      const task = insertTask(group.id, { title: `Build a bridge ${t}` })
      // The code the teacher handed out (a group invitation code); the newcomer opens it signed out.
      const invitation = insertInvitation({ organizationId: org.id, groupId: group.id })
      await page.goto(`/invitation-code?code=${invitation.code}`)
      await expect(page).toHaveURL(/\/signin\?redirectTo=/)
      await page.getByLabel('Email').fill(newcomer.email)
      await page.getByLabel('Password', { exact: true }).fill(newcomer.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByRole('heading', { name: `Join the group ${group.name} as a member?` })).toBeVisible()
      await page.getByRole('button', { name: 'Join', exact: true }).click()
      await expect(page).toHaveURL(`/groups/${group.id}/home`)
      await expect(page.getByText(`Welcome to ${group.name}!`)).toBeVisible()

      // Something to do at once: the task under "Your tasks", and the form from it.
      const yours = page.getByRole('region', { name: 'Your tasks' })
      await yours.getByRole('link', { name: `Write a loop on “${task.title}”` }).click()
      await expect(page).toHaveURL(new RegExp(`/loops/new\\?task=${task.id}$`))
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
      await page.getByLabel('Your reflection').fill(`We built a bridge that held ${t}`)
      await page.getByRole('radio', { name: 'Good', exact: true }).check({ force: true })
      const png = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#36c' } })
        .png()
        .toBuffer()
      await page.locator('input[type=file][name=photos]').setInputFiles({ name: 'bridge.png', mimeType: 'image/png', buffer: png })
      await page.getByRole('button', { name: 'Send the loop' }).click()
      await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/loops/\\w+$`))
      await expect(page.locator('main img').first()).toBeVisible()
      const loopPath = new URL(page.url()).pathname
      await signOut(page)

      // The teacher comments (in English too).
      await signIn(page, teacher)
      await page.goto(loopPath)
      await page.getByLabel('Comment', { exact: true }).fill('Lovely! Who measured?')
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByText(`Your comment to ${newcomer.name} is sent.`)).toBeVisible()
      await signOut(page)

      // The newcomer: the feed's notice leads to the loop; the answer.
      await signIn(page, newcomer)
      await page.goto('/')
      const notice = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: `${teacher.name} commented on your loop` })
      await notice.getByRole('link').first().click()
      await expect(page).toHaveURL(loopPath)
      await expect(page.getByText('Lovely! Who measured?')).toBeVisible()
      await page.getByLabel('Your answer').fill('I did, with a ruler.')
      await page.getByRole('button', { name: 'Send answer' }).click()
      await expect(page.getByText('Your answer is sent.')).toBeVisible()
      await expect(page.getByText('I did, with a ruler.')).toBeVisible()
    },
  )
})
