import { confirmBulkAction, toast } from '../support/e2e/bulk'
import { expect, test } from '../support/e2e/fixtures'
import { createOrgWorld, orgPath, signIn } from '../support/e2e/orgs'

/*
 * An organization admin ends a member's sessions (ASVS 7.4.5), in Swedish. Tagged @nojs: without
 * JavaScript the server asks for the confirmation. The member is signed in in a browser of their
 * own; after the admin ends their sessions, that browser's next request lands on the sign-in screen,
 * while the admin and the other members stay signed in. The audit log names the action.
 */
test(
  'an admin ends a member’s sessions: the member’s next request asks them to sign in',
  { tag: '@nojs' },
  async ({ page, browser, javaScriptEnabled }) => {
    const { org, admin, members } = await createOrgWorld({ memberNames: ['Berit Berg', 'Bo Berglund'] })
    const [berit, bo] = members
    const browserOf = async (ip: string) => {
      const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
      return { context, page: await context.newPage() }
    }
    const beritsBrowser = await browserOf('10.201.1.1')
    const bosBrowser = await browserOf('10.201.1.2')
    await signIn(beritsBrowser.page, berit)
    await signIn(bosBrowser.page, bo)
    await beritsBrowser.page.goto('/organizations')
    await expect(beritsBrowser.page).toHaveURL(/\/organizations$/)

    await signIn(page, admin)
    await page.goto(orgPath(org.id, 'members'))
    await expect(page.getByRole('heading', { level: 1, name: 'Medlemmar' })).toBeVisible()
    await page.getByRole('checkbox', { name: `Markera ${berit.name}` }).check()
    await confirmBulkAction(page, javaScriptEnabled, {
      button: 'Avsluta sessioner',
      title: 'Avsluta de här medlemmarnas sessioner?',
      confirm: 'Avsluta sessioner',
      check: async (confirmation) => {
        await expect(confirmation).toContainText('Den valda medlemmen loggas ut överallt')
        if (javaScriptEnabled) await expect(confirmation.getByRole('listitem').filter({ hasText: berit.name })).toBeVisible()
        else await expect(confirmation.getByRole('checkbox', { name: `${berit.name} (${berit.email})`, exact: true })).toBeChecked()
      },
    })
    await expect(toast(page, /klara/)).toContainText(berit.name)

    // Berit's next request: the sign-in screen. Bo, and the admin, are still signed in.
    await beritsBrowser.page.goto('/organizations')
    await expect(beritsBrowser.page).toHaveURL(/\/signin/)
    await expect(beritsBrowser.page.getByRole('button', { name: 'Logga in', exact: true })).toBeVisible()
    await bosBrowser.page.goto('/organizations')
    await expect(bosBrowser.page).toHaveURL(/\/organizations$/)
    await page.goto(orgPath(org.id, 'audit'))
    await expect(page.getByRole('row').filter({ hasText: 'Avslutade medlemmars sessioner' })).toContainText(berit.name)

    await beritsBrowser.context.close()
    await bosBrowser.context.close()
  },
)
