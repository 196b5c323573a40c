import { describe, expect, it } from 'vitest'
import { tFor } from '~/i18n/i18n.server'
import { alertSentence } from './alert-text.server'

describe('the retention notice', () => {
  it('names the day in the reader’s language, not as a raw ISO date', () => {
    const alert = {
      template: 'group.retention.queued' as const,
      actorName: null,
      data: { groupName: 'Klass 7B', count: 3, byDay: '2026-06-29' },
    }
    const sv = alertSentence(tFor('sv'), alert, 'sv')
    const en = alertSentence(tFor('en'), alert, 'en')
    expect(sv).toContain('29 juni 2026')
    expect(en).toContain('29 Jun 2026')
    expect(`${sv} ${en}`).not.toContain('2026-06-29')
  })
})
