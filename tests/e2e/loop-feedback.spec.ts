import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertGroup, insertOrganization, insertUser, signIn, signOut, tag, type DbUser } from '../support/e2e/orgs'

/*
 * Feedback on loops (issue 34, parts 4, 5 and 6), on a phone, with and without JavaScript: the
 * leader chooses whom a subscriber follows on the members list; the subscriber then reaches only
 * that member's loop; the leader's comment (the feedback form's resource route, as the browser
 * posts it) reaches the author as a notice in the feed, and the header's count is the feed's.
 * The loop page itself (G2's) is not on this branch: the form's routes are posted over HTTP with
 * the signed-in session.
 */

test.use({ viewport: { width: 390, height: 844 } })
// Two sign-ins and an axe run each, on a shared machine.
test.slow()

const id = () => randomBytes(12).toString('hex')

/** A published task for members, and a loop on it by `author` (rows as the services write them). */
function insertTaskWithLoops(groupId: string, title: string, authors: DbUser[]) {
  const now = new Date().toISOString()
  const taskId = id()
  const db = appDb()
  db.prepare(
    `insert into group_tasks (id, group_id, package_id, package_role_name, title, instructions, position, published_at, created_at, updated_at)
     values (?, ?, null, '', ?, '', 0, ?, ?, ?)`,
  ).run(taskId, groupId, title, now, now, now)
  db.prepare(`insert into group_task_roles (task_id, group_id, role) values (?, ?, 'member')`).run(taskId, groupId)
  const loops = authors.map((author) => {
    const loopId = id()
    db.prepare(
      `insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, ?, ?, ?, 4, ?, ?)`,
    ).run(loopId, groupId, taskId, author.id, `Loop av ${author.name}`, now, now)
    return loopId
  })
  return { taskId, loops }
}

async function world() {
  const t = tag()
  const [owner, lena, mia, otto, sara] = await Promise.all(
    ['Olle Ägare', 'Lena Ledare', 'Mia Medlem', 'Otto Medlem', 'Sara Prenumerant'].map((name) => insertUser({ name: `${name} ${t}` })),
  )
  const org = insertOrganization(`Skolan ${t}`)
  const group = insertGroup(org.id, {
    name: `Bild 7A ${t}`,
    owner: owner!,
    members: [[lena!, 'leader'], mia!, otto!, [sara!, 'subscriber']],
  })
  const { loops } = insertTaskWithLoops(group.id, `Praktik dag 1 ${t}`, [mia!, otto!])
  return { t, group, lena: lena!, mia: mia!, otto: otto!, sara: sara!, miasLoop: loops[0]!, ottosLoop: loops[1]! }
}

const post = (page: Page, path: string, form: Record<string, string>) =>
  page.request.post(path, {
    form,
    maxRedirects: 0,
    headers: { Origin: new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin },
  })

test(
  'a leader chooses whom a subscriber follows; the subscriber reaches only that member’s loop',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const w = await world()
    await signIn(page, w.lena)
    await page.goto(`/groups/${w.group.id}/home`)
    const members = page.getByRole('table', { name: /medlemmar/i })
    const saraRow = members.getByRole('row').filter({ hasText: w.sara.name })
    await expect(saraRow).toContainText('Följer ingen')
    await saraRow.getByRole('link', { name: `Välj vilka ${w.sara.name} följer` }).click()

    const panel = page.getByRole('region', { name: `Vilka ${w.sara.name} följer` })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('checkbox')).toHaveCount(4)
    // axe runs in the page: with JavaScript only, as the other journeys do.
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    await panel.getByRole('checkbox', { name: w.mia.name }).check()
    await panel.getByRole('button', { name: 'Spara' }).click()

    await expect(page.getByText(`${w.sara.name} följer nu ${w.mia.name}.`)).toBeVisible()
    await expect(page.getByRole('region', { name: `Vilka ${w.sara.name} följer` })).toHaveCount(0)
    await expect(saraRow).toContainText('Följer 1 medlem')

    // The subscriber sees Mia's loop (a comment there is refused as read-only) and nothing of Otto's.
    await signOut(page)
    await signIn(page, w.sara)
    await page.goto(`/groups/${w.group.id}/home`)
    const api = (loopId: string) => page.request.post(`/api/v3/groups/${w.group.id}/loops/${loopId}/comments`, { data: { text: 'Hej' } })
    const onMias = await api(w.miasLoop)
    expect([onMias.status(), await onMias.json()]).toEqual([403, { message: 'FORBIDDEN' }])
    const onOttos = await api(w.ottosLoop)
    expect([onOttos.status(), await onOttos.json()]).toEqual([404, { message: 'GROUP_NOT_FOUND' }])
    // Her own row on the members list says how many she follows.
    await expect(page.getByRole('row').filter({ hasText: w.sara.name })).toContainText('Följer 1 medlem')
  },
)

test(
  'the leader’s comment and approval reach the author in the feed; the header counts what the feed shows',
  { tag: '@nojs' },
  async ({ page, javaScriptEnabled }) => {
    const w = await world()
    await signIn(page, w.lena)
    await page.goto(`/groups/${w.group.id}/home`)
    const loopPage = `/groups/${w.group.id}/loops/${w.miasLoop}`

    const empty = await post(page, `${loopPage}/comments`, { text: '   ' })
    expect(empty.status()).toBe(302)
    expect(empty.headers()['location']).toBe(`${loopPage}#loop-feedback`)
    const sent = await post(page, `${loopPage}/comments`, { text: 'Bra reflektion!' })
    expect([sent.status(), sent.headers()['location']]).toEqual([302, `${loopPage}#loop-feedback`])
    const approved = await post(page, `${loopPage}/approval`, { approved: '1' })
    expect(approved.status()).toBe(302)
    // Otto's loop is not Mia's business: no notice of it reaches her.
    expect((await post(page, `/groups/${w.group.id}/loops/${w.ottosLoop}/comments`, { text: 'Fint.' })).status()).toBe(302)

    await signOut(page)
    await signIn(page, w.mia)
    await page.goto(`/groups/${w.group.id}/home`)
    await expect(page).toHaveTitle(/^\(2\) /)
    await page.goto('/')
    const notices = page.getByRole('main').getByRole('listitem').filter({ hasText: w.group.name })
    await expect(notices).toHaveCount(2)
    await expect(notices.nth(0)).toContainText(`${w.lena.name} godkände din loop om ”Praktik dag 1 ${w.t}” i ${w.group.name}.`)
    await expect(notices.nth(1)).toContainText(`${w.lena.name} kommenterade din loop om ”Praktik dag 1 ${w.t}” i ${w.group.name}.`)
    await expect(notices.nth(1).getByRole('link')).toHaveAttribute('href', loopPage)
    // axe runs in the page: with JavaScript only, as the other journeys do.
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    // Viewing the feed cleared the count.
    await page.goto(`/groups/${w.group.id}/home`)
    await expect(page).not.toHaveTitle(/^\(\d+\) /)
  },
)
