import { expect, type Page } from '@playwright/test'

/**
 * The people picker (app/ui/people-picker.tsx) the way a person uses it. `picker` is its fieldset,
 * named by its legend (`page.getByRole('group', { name: 'Medlemmar' })`). With JavaScript: type
 * in the combobox and choose the option (by `keyboard`: arrow down and Enter, else a click).
 * Without: type in the search field, press its Find person button (the whole form comes back with the
 * matches) and tick the person's box. Either way the person ends up chosen in the picker.
 */
export async function pickPerson(
  page: Page,
  legend: string,
  {
    query,
    name,
    javaScriptEnabled,
    multiple = false,
    keyboard = false,
    locale = 'sv',
  }: {
    query: string
    name: string | RegExp
    javaScriptEnabled: boolean
    multiple?: boolean
    keyboard?: boolean
    locale?: 'sv' | 'en'
  },
) {
  const picker = page.getByRole('group', { name: legend, exact: true })
  const box = multiple ? 'checkbox' : 'radio'
  if (javaScriptEnabled) {
    const combobox = picker.locator('input[role=combobox]')
    await combobox.fill(query)
    const option = picker.getByRole('option', { name })
    await expect(option).toBeVisible()
    if (keyboard) {
      await expect(combobox).toHaveAttribute('aria-expanded', 'true')
      await expect(combobox).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '')
      await combobox.press('Enter')
    } else await option.click()
  } else {
    await picker.getByRole('searchbox').fill(query)
    await picker.getByRole('button', { name: locale === 'sv' ? 'Hitta person' : 'Find person', exact: true }).click()
    await picker.getByRole(box, { name }).check()
  }
  await expect(picker.getByRole(box, { name })).toBeChecked()
  return picker
}
