import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, insertOrganization, insertUser, signIn, tag, type DbUser } from '../support/e2e/orgs'

/*
 * The header, the side menu, the feed at / and the header's live counts (issue 10, items 5–8).
 * Time in the browser is Playwright's clock: one poll is a fast-forward of 60 s, never a sleep.
 */

const BRAND = 'Groups'
/** Each page's title names the page, then the product (WCAG 2.4.2). */
const SUPPORT = `Support – ${BRAND}`
const FEED = `Flöde – ${BRAND}`

/** An alert as the services write it: "made you a group creator in <organization>". */
function insertAlert(user: DbUser, organization: { id: string; name: string }, created = new Date()) {
  appDb()
    .prepare(
      `insert into alerts (id, user_id, template, actor_id, organization_id, target_type, target_id, data, created_at)
       values (?, ?, 'organization.groupCreator.added', null, ?, 'organization', ?, ?, ?)`,
    )
    .run(
      randomBytes(12).toString('hex'),
      user.id,
      organization.id,
      organization.id,
      JSON.stringify({ organizationName: organization.name }),
      created.toISOString(),
    )
}

/** A user who administers an organization of their own (so the side menu has a link to it). */
async function adminWithOrganization(locale: 'sv' | 'en' = 'sv') {
  const t = tag()
  const org = insertOrganization(`Flödesskolan ${t}`)
  const user = await insertUser({ name: `Fia Flöde ${t}`, locale })
  addMember(org.id, user.id, { role: 'admin' })
  return { org, user }
}

const feedLink = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: /^Flöde/ })

/** The header's polling has mounted and armed its timer (it loads after hydration): only then may a test move the clock. */
const pollingArmed = (page: import('@playwright/test').Page) => expect(page.locator('html[data-count-polling]')).toBeAttached()

test('a new alert shows as a badge and "(1) Brand" within one poll; viewing the feed clears both', async ({ page }) => {
  const { org, user } = await adminWithOrganization()
  await signIn(page, user)
  await page.clock.install()
  await page.goto('/support')
  await pollingArmed(page)
  await expect(page).toHaveTitle(SUPPORT)
  await expect(feedLink(page)).toHaveAccessibleName('Flöde')

  insertAlert(user, org)
  await page.clock.fastForward(60_000)
  await expect(page).toHaveTitle(`(1) ${SUPPORT}`)
  await expect(feedLink(page)).toHaveAccessibleName('Flöde (1 ny notis)')

  // The title stays right across client-side navigations.
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Support' }).click()
  await expect(page).toHaveTitle(`(1) ${SUPPORT}`)

  await feedLink(page).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Flöde' })).toBeVisible()
  const item = page.getByRole('listitem').filter({ hasText: `Någon gjorde dig till gruppskapare i ${org.name}.` })
  await expect(item).toHaveAttribute('data-unseen', 'true')
  await expect(item.getByText('I dag')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'I dag' })).toBeVisible()
  await expect(page).toHaveTitle(FEED)
  await expect(feedLink(page)).toHaveAccessibleName('Flöde')

  // The server moved the mark: the next poll and the next page agree.
  await page.clock.fastForward(60_000)
  await expect(page).toHaveTitle(FEED)
  await page.goto('/support')
  await expect(page).toHaveTitle(SUPPORT)
})

test('a failing count call logs a warning and changes nothing; an ended session goes to /signout', async ({ page }) => {
  const { org, user } = await adminWithOrganization()
  insertAlert(user, org)
  await signIn(page, user)
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text())
  })
  await page.clock.install()
  await page.goto('/support')
  await pollingArmed(page)
  await expect(page).toHaveTitle(`(1) ${SUPPORT}`)

  insertAlert(user, org)
  for (const status of [403, 404, 500]) {
    await page.route('**/api/v1/**', (route) => route.fulfill({ status, json: { message: 'SERVER_ERROR' } }))
    await page.clock.fastForward(60_000)
    await expect.poll(() => warnings.filter((w) => w.includes(`answered ${status}`)).length).toBeGreaterThan(0)
    await expect(page).toHaveTitle(`(1) ${SUPPORT}`)
    await expect(feedLink(page)).toHaveAccessibleName('Flöde (1 ny notis)')
    await page.unrouteAll()
  }

  // The session ends on the server (signed out elsewhere): the next poll goes to /signout.
  appDb().prepare('delete from sessions where user_id = ?').run(user.id)
  await page.clock.fastForward(60_000)
  await expect(page).toHaveURL(/\/signin\?notice=expired&redirectTo=%2Fsupport$/)
})

test('counts are shared across tabs, and show 99+ past 99', async ({ page, context }) => {
  const { org, user } = await adminWithOrganization()
  await signIn(page, user)
  for (let i = 0; i < 120; i++) insertAlert(user, org, new Date(Date.now() - i * 1000))
  await page.goto('/support')
  await expect(page).toHaveTitle(`(120) ${SUPPORT}`)
  await expect(feedLink(page).locator('[data-count-badge]')).toHaveText('99+')

  const other = await context.newPage()
  await other.goto('/')
  await expect(other).toHaveTitle(FEED)
  // The feed in the second tab tells the first one: nothing is new any more.
  await expect(page).toHaveTitle(SUPPORT)
  await expect(feedLink(page).locator('[data-count-badge]')).toHaveCount(0)
})

test('without JavaScript the badge, the title and the feed with its Older link are right', { tag: '@nojs' }, async ({ page }) => {
  const { org, user } = await adminWithOrganization()
  for (let i = 0; i < 31; i++) insertAlert(user, org, new Date(Date.now() - (i + 1) * 60_000))
  await signIn(page, user)
  await page.goto('/support')
  await expect(page).toHaveTitle(`(31) ${SUPPORT}`)
  await expect(feedLink(page)).toHaveAccessibleName('Flöde (31 nya notiser)')

  await feedLink(page).click()
  await expect(page).toHaveTitle(FEED)
  await expect(page.locator('li[data-unseen]')).toHaveCount(30)
  await page.getByRole('link', { name: 'Äldre' }).click()
  await expect(page).toHaveURL(/\/\?cursor=/)
  await expect(page.locator('main li').filter({ hasText: 'gruppskapare' })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Äldre' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Senaste' }).click()
  // Seen now: nothing is marked new any more.
  await expect(page.locator('li[data-unseen]')).toHaveCount(0)
})

test('the feed says so when it is empty', async ({ page }) => {
  const { user } = await adminWithOrganization()
  await signIn(page, user)
  await page.goto('/')
  await expect(page.getByText('Här finns inget ännu.')).toBeVisible()
})

test('the side menu on a phone is a drawer from the header: keyboard, Escape, outside click, a followed link', async ({ page }) => {
  const { org, user } = await adminWithOrganization()
  await signIn(page, user)
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/support')
  const summary = page.locator('summary').filter({ hasText: 'Meny' })
  const menu = page.getByRole('navigation', { name: 'Sidomeny' })
  const orgLink = menu.getByRole('link', { name: org.name })
  // The button sits in the header's row.
  const header = await page.getByRole('banner').boundingBox()
  const button = await summary.boundingBox()
  expect(button!.y + button!.height).toBeLessThanOrEqual(header!.y + header!.height)
  await expect(orgLink).toBeHidden()

  await summary.focus()
  await page.keyboard.press('Enter')
  await expect(orgLink).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('link', { name: 'Använd inbjudningskod' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(orgLink).toBeHidden()
  await expect(summary).toBeFocused()

  await summary.click()
  await expect(orgLink).toBeVisible()
  await page.mouse.click(380, 700)
  await expect(orgLink).toBeHidden()

  await summary.click()
  await orgLink.click()
  await expect(page).toHaveURL(`/organizations/${org.id}`)
  await expect(orgLink).toBeHidden()
})

test('the profile menu by keyboard: open, Escape, focus back; the language is saved', async ({ page }) => {
  const { user } = await adminWithOrganization()
  await signIn(page, user)
  await page.goto('/support')
  const summary = page.getByLabel(`Kontomeny för ${user.name}`)
  await summary.focus()
  await page.keyboard.press('Enter')
  const signout = page.getByRole('button', { name: 'Logga ut' })
  await expect(signout).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(signout).toBeHidden()
  await expect(summary).toBeFocused()

  await summary.click()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const saved = appDb().prepare('select locale from users where id = ?').get(user.id) as { locale: string }
  expect(saved.locale).toBe('en')
})

test('the header is not shown on the auth screens', async ({ page }) => {
  for (const path of ['/signin', '/signup', '/forgot-password', '/invitation-code']) {
    await page.goto(path)
    await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toHaveCount(0)
  }
})

for (const locale of ['sv', 'en'] as const) {
  test(`the feed (${locale}) has no serious or critical axe violations`, async ({ page }) => {
    const { org, user } = await adminWithOrganization(locale)
    insertAlert(user, org)
    insertAlert(user, org, new Date(Date.now() - 3 * 86_400_000))
    await signIn(page, user)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: locale === 'sv' ? 'Flöde' : 'Feed' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('each page’s title names the page, then the product, in the page’s language', { tag: '@nojs' }, async ({ page }) => {
  await page.goto('/signin')
  await expect(page).toHaveTitle(`Logga in – ${BRAND}`)
  await page.goto('/forgot-password')
  await expect(page).toHaveTitle(`Glömt lösenordet? – ${BRAND}`)
  const { org, user } = await adminWithOrganization('en')
  await signIn(page, user)
  await page.goto(`/organizations/${org.id}/members`)
  await expect(page).toHaveTitle(`Members – ${BRAND}`)
  await page.goto(`/organizations/${org.id}`)
  await expect(page).toHaveTitle(`Overview – ${BRAND}`)
  await page.goto('/no-such-page')
  await expect(page).toHaveTitle(`Page not found – ${BRAND}`)
})
