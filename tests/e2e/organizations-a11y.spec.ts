import type { Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, createOrgWorld, insertGroup, insertInvitation, insertOrganization, orgPath, signIn } from '../support/e2e/orgs'

/*
 * axe on the organization screens and /invitation-code, in Swedish and English (the admin's saved
 * language decides), with data in every table and in their interactive states (dialogs, panels,
 * errors): no serious or critical violations.
 */

type Locale = 'sv' | 'en'
type Texts = Record<Locale, string>

interface Screen {
  name: string
  path: (organizationId: string) => string
  /** A heading that tells the screen has rendered. */
  heading: Texts
  /** Interactions that open more of the screen; axe runs again after each. */
  states?: ((page: Page, locale: Locale) => Promise<void>)[]
}

const pick = (texts: Texts, locale: Locale) => texts[locale]

const SCREENS: Screen[] = [
  { name: 'organizations', path: () => '/organizations', heading: { sv: 'Organisationer', en: 'Organizations' } },
  { name: 'organization home', path: (id) => orgPath(id), heading: { sv: 'I siffror', en: 'In numbers' } },
  {
    name: 'members',
    path: (id) => orgPath(id, 'members'),
    heading: { sv: 'Medlemmar', en: 'Members' },
    states: [
      // The confirmation dialog of a bulk removal.
      async (page, locale) => {
        await page.getByRole('checkbox', { name: pick({ sv: 'Markera alla på sidan', en: 'Select all on this page' }, locale) }).check()
        await page
          .getByRole('button', { name: pick({ sv: 'Ta bort från organisationen', en: 'Remove from the organization' }, locale) })
          .click()
        await expect(page.getByRole('dialog', { name: pick({ sv: 'Ta bort medlemmar?', en: 'Remove members?' }, locale) })).toBeVisible()
      },
    ],
  },
  {
    name: 'groups',
    path: (id) => orgPath(id, 'groups'),
    heading: { sv: 'Grupper', en: 'Groups' },
    states: [
      // The change-owners step (creating groups has its own screens, tests/e2e/create-group.spec.ts).
      async (page, locale) => {
        await page.getByRole('checkbox', { name: pick({ sv: 'Markera alla på sidan', en: 'Select all on this page' }, locale) }).check()
        await page.getByRole('button', { name: pick({ sv: 'Byt ägare', en: 'Change owners' }, locale), exact: true }).click()
        await expect(page.getByRole('form', { name: pick({ sv: 'Byt ägare', en: 'Change owners' }, locale) })).toBeVisible()
      },
    ],
  },
  {
    name: 'group creators',
    path: (id) => orgPath(id, 'group-creators'),
    heading: { sv: 'Gruppskapare', en: 'Group creators' },
    states: [
      async (page, locale) => {
        const invite = pick({ sv: 'Bjud in en gruppskapare', en: 'Invite a group creator' }, locale)
        await page.getByRole('button', { name: invite }).click()
        await expect(page.getByRole('dialog', { name: invite })).toBeVisible()
      },
    ],
  },
  {
    name: 'audit log',
    path: (id) => orgPath(id, 'audit'),
    heading: { sv: 'Händelselogg', en: 'Audit log' },
    states: [
      // Filters: a reversed date range, with its error.
      async (page, locale) => {
        await page.goto(`${page.url().split('?')[0]}?from=2026-11-20&to=2026-11-01`)
        await expect(
          page.getByText(pick({ sv: 'Från-datumet är efter till-datumet', en: 'The from date is after the to date' }, locale)),
        ).toBeVisible()
      },
    ],
  },
  {
    name: 'invitation code',
    path: () => '/invitation-code',
    heading: { sv: 'Använd en inbjudningskod', en: 'Use an invitation code' },
    states: [
      // A refused code: the error and the invalid field.
      async (page, locale) => {
        await page.getByLabel(pick({ sv: 'Inbjudningskod', en: 'Invitation code' }, locale)).fill('222222')
        await page.getByRole('button', { name: pick({ sv: 'Använd koden', en: 'Use code' }, locale) }).click()
        await expect(page.locator('#code-error')).toBeVisible()
      },
      // A working code: the confirmation that asks before joining.
      async (page, locale) => {
        const other = insertOrganization(`Annan skola ${randomBytes(3).toString('hex')}`)
        const { code } = insertInvitation({ organizationId: other.id })
        await page.goto(`/invitation-code?code=${code}`)
        const join = pick({ sv: `Gå med i ${other.name} som gruppskapare?`, en: `Join ${other.name} as group creator?` }, locale)
        await expect(page.getByRole('heading', { name: join })).toBeVisible()
      },
    ],
  },
]

for (const locale of ['sv', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.name} (${locale}) has no serious or critical axe violations`, async ({ page }) => {
      const { org, admin, members, tag } = await createOrgWorld({
        adminLocale: locale,
        memberNames: ['Berit Berg', 'Bo Berglund', 'Cecilia Carlsson'],
      })
      const [berit, bo, cecilia] = members
      // Something in every table and list: groups of both kinds, a group creator, invitations, activity.
      insertGroup(org.id, { name: `Klass 7A ${tag}`, owner: berit, members: [bo, [cecilia, 'leader']] })
      insertGroup(org.id, { name: `Närvaro 7A ${tag}`, owner: bo, kind: 'attendance', active: false })
      addMember(org.id, cecilia.id, { groupCreator: true })
      insertInvitation({ organizationId: org.id, type: 'email', email: `inbjuden-${tag}@example.se`, createdBy: admin.id })
      insertInvitation({ organizationId: org.id, createdBy: admin.id })
      appDb()
        .prepare('insert into audit_log (id, organization_id, actor_id, action, items, result, created_at) values (?, ?, ?, ?, ?, ?, ?)')
        .run(
          randomBytes(12).toString('hex'),
          org.id,
          admin.id,
          'members.remove',
          JSON.stringify([bo.id, berit.id]),
          JSON.stringify({ SUCCESS: 1, IS_GROUP_OWNER: 1 }),
          new Date().toISOString(),
        )

      await signIn(page, admin)
      await page.goto(screen.path(org.id))
      await expect(page.getByRole('main').getByRole('heading', { name: screen.heading[locale], exact: true })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      expect(await seriousViolations(page)).toEqual([])
      for (const [i, state] of (screen.states ?? []).entries()) {
        await state(page, locale)
        expect(await seriousViolations(page), `state ${i + 1}`).toEqual([])
      }
    })
  }
}
