import { describe, expect, it } from 'vitest'
import { previousWeek } from './local-week'

describe('previousWeek', () => {
  it('is Monday to Monday in local time, across a daylight-saving change', () => {
    // Sunday 2026-11-01 ... Tuesday 2026-11-03 09:00 Stockholm: the week before ran 26 Oct to 2 Nov.
    const week = previousWeek(new Date('2026-11-03T08:00:00Z'), 'Europe/Stockholm', 7)
    expect(week).toEqual({
      week: '2026-10-26',
      from: new Date('2026-10-25T23:00:00Z'),
      to: new Date('2026-11-01T23:00:00Z'),
      sendFrom: new Date('2026-11-02T06:00:00Z'),
    })
    // The week of the change to winter time (25 Oct, 03:00 → 02:00): 169 hours.
    const change = previousWeek(new Date('2026-10-26T06:00:00Z'), 'Europe/Stockholm', 7)
    expect(change).toMatchObject({ week: '2026-10-19', from: new Date('2026-10-18T22:00:00Z'), to: new Date('2026-10-25T23:00:00Z') })
    expect(change.sendFrom).toEqual(new Date('2026-10-26T06:00:00Z'))
  })

  it('reads the day in the zone: late Sunday in UTC is already Monday in Tokyo, still Sunday in New York', () => {
    const now = new Date('2026-11-22T20:00:00Z') // Sunday 20:00 UTC
    expect(previousWeek(now, 'Asia/Tokyo', 7).week).toBe('2026-11-16')
    expect(previousWeek(now, 'America/New_York', 7).week).toBe('2026-11-09')
    expect(previousWeek(now, 'Not/AZone', 7).week).toBe('2026-11-09')
  })
})
