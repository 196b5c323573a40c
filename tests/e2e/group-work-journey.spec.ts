import { randomBytes } from 'node:crypto'
import { expect, test } from '../support/e2e/fixtures'
import { insertTask } from '../support/e2e/group-work'
import { appDb, insertGroup, insertOrganization, insertUser, signIn, signOut, tag } from '../support/e2e/orgs'

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
