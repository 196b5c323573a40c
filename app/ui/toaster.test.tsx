import { describe, expect, it } from 'vitest'
import { tFor } from '~/i18n/i18n.server'
import { renderHtml, textOf } from '../../tests/support/render'
import { bulkToast, translateToast } from '~/http/toast.server'
import { Toaster } from './toaster'

describe('Toaster: a bulk result as the page shows it without JavaScript', () => {
  it('names the person whose removal failed beside the error, and those removed', async () => {
    const toast = bulkToast(
      [
        { _id: 'u1', result: 'SUCCESS' },
        { _id: 'u2', result: 'IS_GROUP_OWNER' },
        { _id: 'u3', result: 'SUCCESS' },
      ],
      { done: 'bulk.resultSummary', partial: 'orgMembers.resultWithError' },
      new Map([
        ['u1', 'Anna Ek'],
        ['u2', 'Filip Sandberg'],
        ['u3', 'Bo Berg'],
      ]),
    )
    for (const locale of ['sv', 'en'] as const) {
      const t = tFor(locale)
      const html = await renderHtml(<Toaster toast={translateToast(t, toast)} placement="page" />, locale)
      expect(html).toContain('role="alert"')
      expect(html).toContain(`<li>Filip Sandberg: ${t('errors.IS_GROUP_OWNER')}</li>`)
      expect(textOf(html)).toContain(locale === 'sv' ? '2 av 3 klara. Inte gjorda:' : '2 of 3 done. Not done:')
      expect(textOf(html)).toContain(locale === 'sv' ? 'Klara: Anna Ek, Bo Berg.' : 'Done: Anna Ek, Bo Berg.')
    }
  })
})
