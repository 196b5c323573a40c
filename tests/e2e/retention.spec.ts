import { seriousViolations } from '../support/e2e/axe'
import { toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { appDb, insertGroup, insertOrganization, insertUser, signIn, tag } from '../support/e2e/orgs'

/*
 * Issue 36, retention (docs/group-work.md "Retention"): in Swedish and English, with and without
 * JavaScript, the owner sees what is queued for removal, changes the period and picks a suggested
 * purpose on the overview and sees them there; a leader sees them but no form; a member sees the
 * purpose on the loop form (390 px). axe on the overview and the loop form.
 */

const WORDS = {
  sv: {
    months: 'Spara looparna i',
    six: '6 månader',
    save: 'Spara gallring',
    saved: 'Gallringstid och syfte är sparade.',
    kept: 'sparas i 6 månader',
    keptDefault: 'sparas i 3 månader',
    queued: '1 loop står på tur att tas bort',
    why: 'Varför:',
    suggestion: 'För att kunna ge deltagarna återkoppling på deras reflektioner medan vi arbetar i gruppen.',
  },
  en: {
    months: 'Keep loops for',
    six: '6 months',
    save: 'Save retention',
    saved: 'Retention period and purpose saved.',
    kept: 'kept for 6 months',
    keptDefault: 'kept for 3 months',
    queued: '1 loop is queued for removal',
    why: 'Why:',
    suggestion: 'To give the members feedback on their reflections while we work together in the group.',
  },
} as const

function insertLoop(groupId: string, authorId: string, daysAgo: number) {
  const id = Math.random().toString(16).slice(2).padEnd(24, '0').slice(0, 24)
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString()
  appDb()
    .prepare(
      `insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, null, ?, 'Gammal loop', 3, ?, ?)`,
    )
    .run(id, groupId, authorId, at, at)
}

async function world(locale: 'sv' | 'en') {
  const t = tag()
  const org = insertOrganization(`Skolan ${t}`)
  const owner = await insertUser({ name: `Olga Ägare ${t}`, locale })
  const leader = await insertUser({ name: `Leo Ledare ${t}`, locale })
  const pupil = await insertUser({ name: `Pia Elev ${t}`, locale })
  const group = insertGroup(org.id, { name: `Klass 9C ${t}`, owner, members: [[leader, 'leader'], pupil] })
  // Written 85 days ago: a three-month group removes it within 14 days.
  insertLoop(group.id, pupil.id, 85)
  return { owner, leader, pupil, group }
}

for (const locale of ['sv', 'en'] as const) {
  test(
    `the owner changes the retention and every member sees it (${locale})`,
    { tag: '@nojs' },
    async ({ page, browser, javaScriptEnabled }) => {
      const w = WORDS[locale]
      const { owner, leader, pupil, group } = await world(locale)
      await signIn(page, owner)
      await page.goto(`/groups/${group.id}/home`)
      const section = page.getByRole('region', { name: locale === 'sv' ? 'Hur länge looparna sparas' : 'How long loops are kept' })
      await expect(section.getByText(w.keptDefault)).toBeVisible()
      await expect(section.getByText(w.queued)).toBeVisible()
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([])

      await section.getByLabel(w.months).selectOption({ label: w.six })
      await section.getByRole('radio', { name: w.suggestion }).check()
      await section.getByRole('button', { name: w.save }).click()
      await expect(toast(page, w.saved)).toBeVisible()
      await expect(section.getByText(w.kept)).toBeVisible()
      await expect(section.locator('p', { hasText: w.why })).toContainText(w.suggestion)

      // A leader reads it but has no form; a member reads the purpose on the loop form (a phone).
      const leaderContext = await browser.newContext()
      const leaderPage = await leaderContext.newPage()
      await signIn(leaderPage, leader)
      await leaderPage.goto(`/groups/${group.id}/home`)
      await expect(leaderPage.getByText(w.kept)).toBeVisible()
      await expect(leaderPage.getByRole('button', { name: w.save })).toHaveCount(0)
      await leaderContext.close()

      const pupilContext = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const pupilPage = await pupilContext.newPage()
      await signIn(pupilPage, pupil)
      await pupilPage.goto(`/groups/${group.id}/loops/new`)
      const note = pupilPage.locator('#loop-retention')
      await expect(note.getByText(w.kept)).toBeVisible()
      await expect(note.getByText(w.suggestion)).toBeVisible()
      if (javaScriptEnabled) expect(await seriousViolations(pupilPage)).toEqual([])
      await pupilContext.close()
    },
  )
}
