import type { Page } from '@playwright/test'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import { insertPackage, insertPackageInvitation } from '../support/e2e/library'
import { createOrgWorld, insertUser, signIn, tag } from '../support/e2e/orgs'

/*
 * axe on every library screen (issue 11), in Swedish and English, with something in every list:
 * packages, an invitation, a collaborator, a pending invitation and a share link.
 */

type Locale = 'sv' | 'en'
interface Screen {
  name: string
  path: (w: World) => string
  heading: Record<Locale, string | ((w: World) => string)>
  /** A state reached by acting on the page, checked too. */
  state?: (page: Page, locale: Locale) => Promise<void>
}
interface World {
  userId: string
  packageId: string
  packageName: string
}

const SCREENS: Screen[] = [
  { name: 'feed', path: () => '/library', heading: { sv: 'Bibliotek', en: 'Library' } },
  { name: 'feed, nothing found', path: () => '/library?q=finns-inte', heading: { sv: 'Bibliotek', en: 'Library' } },
  {
    name: 'package',
    path: (w) => `/library/packages/view/${w.packageId}`,
    heading: { sv: (w) => w.packageName, en: (w) => w.packageName },
    state: async (page, locale) => {
      await page.getByRole('button', { name: locale === 'sv' ? 'Ta bort' : 'Delete' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
    },
  },
  { name: 'new, step 1', path: () => '/library/packages/new/1', heading: { sv: 'Nytt paket', en: 'New package' } },
  {
    name: 'edit, step 2',
    path: (w) => `/library/packages/edit/2/${w.packageId}`,
    heading: { sv: (w) => `Redigera ”${w.packageName}”`, en: (w) => `Edit “${w.packageName}”` },
    state: async (page, locale) => {
      await page.getByRole('button', { name: locale === 'sv' ? 'Lägg till en roll' : 'Add a role' }).click()
      await expect(page.getByRole('group', { name: locale === 'sv' ? 'Roll 3' : 'Role 3' })).toBeVisible()
    },
  },
  {
    name: 'edit, step 3',
    path: (w) => `/library/packages/edit/3/${w.packageId}`,
    heading: { sv: (w) => `Redigera ”${w.packageName}”`, en: (w) => `Edit “${w.packageName}”` },
  },
  {
    name: 'edit, step 4',
    path: (w) => `/library/packages/edit/4/${w.packageId}`,
    heading: { sv: (w) => `Redigera ”${w.packageName}”`, en: (w) => `Edit “${w.packageName}”` },
    state: async (page, locale) => {
      await page.getByRole('button', { name: locale === 'sv' ? 'Skapa en länk' : 'Create a link' }).click()
      await expect(page.getByLabel(locale === 'sv' ? 'Ny delningslänk' : 'New share link')).toBeVisible()
    },
  },
  { name: 'invitations', path: (w) => `/library/invitations/${w.userId}`, heading: { sv: 'Paketinbjudningar', en: 'Package invitations' } },
  {
    name: 'share link, not valid',
    path: () => '/library/packages/accept-share-link?token=abc',
    heading: { sv: 'Länken fungerar inte', en: 'The link does not work' },
  },
  {
    name: 'create group',
    path: (w) => `/library/create/group?packageId=${w.packageId}`,
    heading: { sv: 'Skapa en grupp från ett paket', en: 'Create a group from a package' },
  },
]

const HALVES = [SCREENS.slice(0, 5), SCREENS.slice(5)]

for (const locale of ['sv', 'en'] as const) {
  for (const [half, screens] of HALVES.entries())
    test(`library screens, part ${half + 1} (${locale}), have no serious or critical axe violations`, async ({ page }) => {
      test.setTimeout(150_000)
      const { admin } = await createOrgWorld({ adminLocale: locale, memberNames: [] })
      const friend = await insertUser({ name: `Frida Vän ${tag()}` })
      const pkg = insertPackage({
        ownerId: admin.id,
        name: `Paket ${tag()}`,
        tags: ['matte'],
        collaborators: [{ userId: friend.id, access: 'edit' }],
      })
      const theirs = insertPackage({ ownerId: friend.id, name: `Frida paket ${tag()}` })
      insertPackageInvitation({ packageId: theirs.id, email: admin.email, invitedBy: friend.id, userId: admin.id })
      insertPackageInvitation({ packageId: pkg.id, email: `ny-${tag()}@example.se`, invitedBy: admin.id })
      const world: World = { userId: admin.id, packageId: pkg.id, packageName: pkg.name }
      await signIn(page, admin)
      for (const screen of screens) {
        await page.goto(screen.path(world))
        const heading = screen.heading[locale]
        const name = typeof heading === 'function' ? heading(world) : heading
        await expect(page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }), screen.name).toBeVisible()
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        expect(await seriousViolations(page), screen.name).toEqual([])
        if (screen.state) {
          await screen.state(page, locale)
          expect(await seriousViolations(page), `${screen.name}, after acting`).toEqual([])
        }
      }
    })
}
