import { expect, type Page } from '@playwright/test'

/**
 * Runs a destructive bulk action the way the page offers it: with JavaScript the button opens a
 * confirmation dialog; without, the server answers with a confirmation step (an alertdialog
 * panel on the page) that keeps the selection. `check` looks at the confirmation before it is
 * confirmed (e.g. its count); `beforeConfirm` runs just before confirming.
 */
export async function confirmBulkAction(
  page: Page,
  javaScriptEnabled: boolean,
  {
    button,
    title,
    confirm,
    check,
    beforeConfirm,
  }: {
    button: string
    title: string
    confirm: string
    check?: (confirmation: ReturnType<Page['getByRole']>) => Promise<void>
    beforeConfirm?: () => Promise<void> | void
  },
) {
  await page.getByRole('button', { name: button, exact: true }).click()
  const confirmation = page.getByRole(javaScriptEnabled ? 'dialog' : 'alertdialog', { name: title })
  await expect(confirmation).toBeVisible()
  if (check) await check(confirmation)
  await beforeConfirm?.()
  await confirmation.getByRole('button', { name: confirm, exact: true }).click()
  // Confirming closes the dialog (after its closing animation): none is left open over the page.
  if (javaScriptEnabled) await expect(page.getByRole('dialog')).toHaveCount(0)
}

/** The toast of the last bulk action: role alert when an item failed, status when all succeeded. */
export const toast = (page: Page, text: string | RegExp, role: 'alert' | 'status' = 'status') =>
  page.getByRole(role).filter({ hasText: text })
