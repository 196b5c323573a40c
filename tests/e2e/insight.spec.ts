import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertGroup, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'
import { insertTag, insertTask } from '../support/e2e/group-work'

/*
 * Issue 36, insight (docs/group-work.md "Insight"): in Swedish and English, on a phone (390 px) and
 * a desktop (1280 px), with and without JavaScript, a leader opens the group's Insight tab, reads
 * the heat map (tasks × tags, the count in each cell), finds the quiet member at the top of the
 * members, and narrows the range with the GET form; a member opens the same tab and sees their
 * own trend and tags, nothing of the others. axe on both screens.
 */

const DAY = 86_400_000
function insertLoop(groupId: string, authorId: string, taskId: string, emotion: number, daysAgo: number, tagIds: string[] = []) {
  const id = randomBytes(12).toString('hex')
  const at = new Date(Date.now() - daysAgo * DAY).toISOString()
  appDb()
    .prepare(
      `insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, ?, ?, 'En loop', ?, ?, ?)`,
    )
    .run(id, groupId, taskId, authorId, emotion, at, at)
  for (const tagId of tagIds) appDb().prepare('insert into loop_tags (loop_id, tag_id, group_id) values (?, ?, ?)').run(id, tagId, groupId)
}

async function world(locale: 'sv' | 'en') {
  const t = tag()
  const org = insertOrganization(`Skolan ${t}`)
  const owner = await insertUser({ name: `Olga Lärare ${t}`, locale })
  const leader = await insertUser({ name: `Leo Ledare ${t}`, locale })
  const pupil = await insertUser({ name: `Pia Elev ${t}`, locale })
  const quiet = await insertUser({ name: `Tova Tystlåten ${t}`, locale })
  const group = insertGroup(org.id, { name: `Klass 7A ${t}`, owner, members: [[leader, 'leader'], pupil, quiet] })
  const task = insertTask(group.id, { title: `Praktikdag ${t}` })
  const brave = insertTag(group.id, `Modig ${t}`)
  insertLoop(group.id, pupil.id, task.id, 5, 9, [brave.id])
  insertLoop(group.id, pupil.id, task.id, 4, 2, [brave.id])
  return { t, leader, pupil, quiet, group, task, brave }
}

const WORDS = {
  sv: {
    tab: 'Insikt',
    heat: 'Uppgifter och taggar',
    members: 'Per medlem',
    quiet: 'Tyst',
    role: 'Roll',
    memberRole: 'Medlem',
    from: 'Från',
    show: 'Visa',
    own: 'Mitt värde över tid',
    wrote: 'Du skrev 2 loopar',
    tags: 'Mina taggar',
  },
  en: {
    tab: 'Insight',
    heat: 'Tasks and tags',
    members: 'Per member',
    quiet: 'Quiet',
    role: 'Role',
    memberRole: 'Member',
    from: 'From',
    show: 'Show',
    own: 'My value over time',
    wrote: 'You wrote 2 loops',
    tags: 'My tags',
  },
} as const

for (const locale of ['sv', 'en'] as const) {
  for (const width of [390, 1280]) {
    test(
      `a leader reads the heat map and finds the quiet member (${locale}, ${width} px)`,
      { tag: '@nojs' },
      async ({ page, javaScriptEnabled }) => {
        await page.setViewportSize({ width, height: 900 })
        const w = WORDS[locale]
        const { leader, quiet, group, task, brave } = await world(locale)
        await signIn(page, leader)
        await page.goto(`/groups/${group.id}/home`)
        await page
          .getByRole('navigation', { name: locale === 'sv' ? 'Gruppens delar' : 'Parts of the group' })
          .getByRole('link', { name: w.tab })
          .click()
        await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/insight$`))

        const heat = page.getByRole('region', { name: w.heat }).getByRole('table')
        await expect(heat.getByRole('columnheader', { name: brave.name })).toBeVisible()
        const row = heat.getByRole('row', { name: new RegExp(task.title) })
        await expect(row.getByRole('cell')).toHaveText(['2'])

        if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

        // The pupils only: the quiet one comes first, flagged in words.
        await page.getByLabel(w.role, { exact: true }).selectOption({ label: w.memberRole })
        await page.getByRole('button', { name: w.show, exact: true }).click()
        await expect(page).toHaveURL(/role=member/)
        const first = page.getByRole('region', { name: w.members }).getByRole('table').getByRole('row').nth(1)
        await expect(first).toContainText(quiet.name)
        await expect(first).toContainText(w.quiet)

        // A range of the last 5 days leaves one loop of the pupil's: the GET form, with or without JavaScript.
        const from = new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10)
        await page.getByLabel(w.from, { exact: true }).fill(from)
        await page.getByRole('button', { name: w.show, exact: true }).click()
        await expect(page).toHaveURL(new RegExp(`from=${from}`))
        await expect(
          page
            .getByRole('region', { name: w.heat })
            .getByRole('row', { name: new RegExp(task.title) })
            .getByRole('cell'),
        ).toHaveText(['1'])
      },
    )
  }

  test(
    `a member sees their own trend and tags, nothing of the others (${locale})`,
    { tag: '@nojs' },
    async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      const w = WORDS[locale]
      const { pupil, quiet, group, brave } = await world(locale)
      await signIn(page, pupil)
      await page.goto(`/groups/${group.id}/insight`)
      const trend = page.getByRole('region', { name: w.own })
      await expect(trend).toContainText(w.wrote)
      // The chart's numbers for screen readers: one row per week.
      await expect(trend.getByRole('table')).toBeAttached()
      await expect(page.getByRole('region', { name: w.tags })).toContainText(brave.name)
      await expect(page.getByText(quiet.name)).toHaveCount(0)
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])
    },
  )
}
