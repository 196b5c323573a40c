import { describe, expect, it } from 'vitest'
import { timezoneField } from '~/auth/schemas'
import { currentZoneName, currentZones } from './timezones'

describe('timezones', () => {
  it('lists current IANA names only, each once, in order, with UTC, and each one Intl accepts', () => {
    const zones = currentZones()
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Godthab', 'America/Buenos_Aires'])
      expect(zones).not.toContain(old)
    expect(zones).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk', 'America/Argentina/Buenos_Aires', 'UTC']),
    )
    expect(zones).toEqual([...new Set(zones)].sort())
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow()
    // A runtime list with both names of a zone offers it once.
    expect(currentZones(['Europe/Kiev', 'Europe/Kyiv', 'Europe/Berlin'])).toEqual(['Europe/Berlin', 'Europe/Kyiv', 'UTC'])
  })

  it('every renamed zone the runtime lists maps to a zone it accepts', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const current = currentZoneName(zone)
      expect(new Intl.DateTimeFormat('en', { timeZone: current }).resolvedOptions().timeZone, zone).toBe(
        new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone,
      )
    }
  })

  it("maps an old name, stored, typed or the browser's, to the current one; others stay", () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv')
    expect(currentZoneName('Europe/Stockholm')).toBe('Europe/Stockholm')
    expect(currentZoneName('Europe/Bratislava')).toBe('Europe/Bratislava')
    expect(timezoneField.parse('Asia/Calcutta')).toBe('Asia/Kolkata')
    expect(timezoneField.safeParse('Nowhere/Land').success).toBe(false)
  })
})
