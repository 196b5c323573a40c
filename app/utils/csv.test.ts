import { describe, expect, it } from 'vitest'
import { csvDateTime, csvDocument, csvField, csvFormatFor } from './csv'

describe('csv', () => {
  it('quotes a field holding either separator, a quote or a line break; other text stays as it is', () => {
    expect(csvField('Anna Andersson')).toBe('Anna Andersson')
    // Both separators, whichever the file uses: a spreadsheet of the other region splits at the other one.
    expect(csvField('Berg; Bo')).toBe('"Berg; Bo"')
    expect(csvField('Berg, Bo')).toBe('"Berg, Bo"')
    expect(csvField('a"b')).toBe('"a""b"')
    expect(csvField('Åsa\nÖberg')).toBe('"Åsa\nÖberg"')
    expect(csvField('x\ry')).toBe('"x\ry"')
  })

  it('neutralises formulas: = + - @ tab and CR where a cell may start get an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}1+1`)).toBe(`'${start}1+1`)
    expect(csvField('=HYPERLINK("x";"y")')).toBe('"\'=HYPERLINK(""x"";""y"")"')
    expect(csvField('\r=1')).toBe('"\'\r=1"')
    expect(csvField('a=1')).toBe('a=1')
    expect(csvField('a-b@c')).toBe('a-b@c')
    // After leading spaces (a spreadsheet may trim them), and after a separator of either kind (with spaces too).
    expect(csvField('  =1+1')).toBe("  '=1+1")
    expect(csvField('\u00a0@SUM(A1)')).toBe("\u00a0'@SUM(A1)")
    expect(csvField('Bo;=1+1')).toBe('"Bo;\'=1+1"')
    expect(csvField('Bo, =1+1')).toBe('"Bo, \'=1+1"')
    expect(csvField('Bo;+1;-2,@3')).toBe("\"Bo;'+1;'-2,'@3\"")
  })

  it('is a BOM, then CRLF-ended rows in the delimiter of the language', () => {
    expect(csvFormatFor('sv', 'Europe/Stockholm')).toEqual({ delimiter: ';', timeZone: 'Europe/Stockholm' })
    expect(csvFormatFor('en', 'UTC').delimiter).toBe(',')
    expect(
      csvDocument(
        [
          ['Namn', 'E-post'],
          ['Bo; Berg', 'bo@example.se'],
        ],
        { delimiter: ';' },
      ),
    ).toBe('\uFEFFNamn;E-post\r\n"Bo; Berg";bo@example.se\r\n')
  })

  it('writes times as local times of the zone, to the minute (summer and winter time)', () => {
    expect(csvDateTime('2026-11-23T13:05:59.000Z', 'Europe/Stockholm')).toBe('2026-11-23 14:05')
    expect(csvDateTime('2026-07-01T22:30:00.000Z', 'Europe/Stockholm')).toBe('2026-07-02 00:30')
    expect(csvDateTime('2026-07-01T22:30:00.000Z', 'America/New_York')).toBe('2026-07-01 18:30')
    expect(csvDateTime('2026-01-01T00:00:00.000Z', 'UTC')).toBe('2026-01-01 00:00')
    expect(csvDateTime(null, 'UTC')).toBe('')
  })
})
