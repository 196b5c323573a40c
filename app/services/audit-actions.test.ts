import { describe, expect, it } from 'vitest'
import { tFor } from '~/i18n/i18n.server'
import { nextDay, startOfDayIn } from '~/utils/timezones'
import { auditActionKey } from '~/ui/audit-entry'
import { AUDIT_ACTION_KINDS, auditTargetOf, POLICY_CHANGED } from './audit-actions'

describe('audited action kinds', () => {
  it('each has its own sentence in both languages, the policy change included', () => {
    for (const locale of ['sv', 'en'] as const) {
      const t = tFor(locale)
      const sentences = AUDIT_ACTION_KINDS.map((kind) => t(auditActionKey(kind)))
      for (const [i, sentence] of sentences.entries()) expect(sentence, `${locale} ${AUDIT_ACTION_KINDS[i]}`).not.toMatch(/^orgHome\./)
      expect(new Set(sentences).size, locale).toBe(sentences.length)
    }
    expect(tFor('en')(auditActionKey(POLICY_CHANGED))).toBe('Changed the two-step verification policy')
    expect(auditTargetOf(POLICY_CHANGED)).toBe('organization')
    expect(auditTargetOf('no.such.action')).toBeNull()
  })
})

describe('days in a timezone', () => {
  it('start at local midnight, in winter, in summer and across a DST change', () => {
    expect(startOfDayIn('2026-11-27', 'Europe/Stockholm')).toBe('2026-11-26T23:00:00.000Z')
    expect(startOfDayIn('2026-07-01', 'Europe/Stockholm')).toBe('2026-06-30T22:00:00.000Z')
    // 29 March 2026: clocks go forward at 02:00; the day started in winter time.
    expect(startOfDayIn('2026-03-29', 'Europe/Stockholm')).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfDayIn('2026-03-30', 'Europe/Stockholm')).toBe('2026-03-29T22:00:00.000Z')
    expect(startOfDayIn('2026-11-27', 'America/New_York')).toBe('2026-11-27T05:00:00.000Z')
    expect(startOfDayIn('2026-11-27', 'UTC')).toBe('2026-11-27T00:00:00.000Z')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
  })
})
