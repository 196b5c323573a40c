import { describe, expect, it } from 'vitest'
import { expectCode } from '../../../tests/support/expect-code'
import { xlsxOf } from '../../../tests/support/xlsx'
import { MEMBER_IMPORT_MAX_ROWS } from '~/utils/member-import-rules'
import { columnOf, delimiterOf, parseMemberFile } from './parse.server'

const utf8 = (text: string) => new TextEncoder().encode(text)
const BOM = '\uFEFF'

describe('parseMemberFile: CSV', () => {
  it('reads a comma-separated file with English headers', async () => {
    const rows = await parseMemberFile(
      utf8('email,name,groups,group creator\nAnna@Example.se,Anna Andersson,"Kör, Orkester",yes\nbo@example.se,Bo,,no\n'),
    )
    expect(rows).toEqual([
      { line: 2, email: 'anna@example.se', name: 'Anna Andersson', groups: ['Kör', 'Orkester'], groupCreator: true },
      { line: 3, email: 'bo@example.se', name: 'Bo', groups: [], groupCreator: false },
    ])
  })

  it('reads what Swedish Excel writes: semicolons, a BOM, Swedish headers in any order and case, CRLF, ja/nej', async () => {
    const text = `${BOM}Namn;E-post;Gruppskapare;Grupper\r\nÅsa Öberg;asa@example.se;Ja;Kör;Orkester\r\n"Lind; Eva";eva@example.se;nej;"Kör;Orkester"\r\n;;;\r\n`
    const rows = await parseMemberFile(utf8(text))
    expect(rows).toEqual([
      // An unquoted fifth cell is past the header's columns: ignored.
      { line: 2, email: 'asa@example.se', name: 'Åsa Öberg', groups: ['Kör'], groupCreator: true },
      { line: 3, email: 'eva@example.se', name: 'Lind; Eva', groups: ['Kör', 'Orkester'], groupCreator: false },
    ])
  })

  it('reads Windows-1252 (Excel’s plain "CSV semicolon separated")', async () => {
    const text = 'namn;epost\nÅke Ärlig;ake@example.se\n'
    const bytes = Uint8Array.from([...text].map((c) => ({ Å: 0xc5, Ä: 0xc4 })[c] ?? c.charCodeAt(0)))
    const [row] = await parseMemberFile(bytes)
    expect(row).toMatchObject({ name: 'Åke Ärlig', email: 'ake@example.se' })
  })

  it('marks each row’s own problem and keeps its line', async () => {
    const rows = await parseMemberFile(
      utf8(
        `email;name;group creator;groups\nnot-an-email;X;;\nok@example.se;Y;maybe;\nlong@example.se;${'n'.repeat(
          101,
        )};;\ng@example.se;Z;;${'g'.repeat(101)}\n`,
      ),
    )
    expect(rows.map((r) => [r.line, r.problem])).toEqual([
      [2, 'INVALID_EMAIL'],
      [3, 'INVALID_GROUP_CREATOR'],
      [4, 'NAME_TOO_LONG'],
      [5, 'GROUP_NAME_TOO_LONG'],
    ])
  })

  it('refuses a file without an email column, an empty one, and one over the row limit', async () => {
    await expectCode(parseMemberFile(utf8('namn;telefon\nAnna;070\n')), 'IMPORT_NO_EMAIL_COLUMN')
    await expectCode(parseMemberFile(utf8(`${BOM}email;name\n`)), 'IMPORT_EMPTY')
    await expectCode(parseMemberFile(new Uint8Array()), 'IMPORT_EMPTY')
    const many = ['email', ...Array.from({ length: MEMBER_IMPORT_MAX_ROWS + 1 }, (_, i) => `p${i}@example.se`)].join('\n')
    await expectCode(parseMemberFile(utf8(many)), 'IMPORT_TOO_MANY_ROWS')
    const exactly = ['email', ...Array.from({ length: MEMBER_IMPORT_MAX_ROWS }, (_, i) => `p${i}@example.se`)].join('\n')
    expect(await parseMemberFile(utf8(exactly))).toHaveLength(MEMBER_IMPORT_MAX_ROWS)
  })

  it('refuses binary that is no workbook', async () => {
    await expectCode(parseMemberFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])), 'IMPORT_FILE_INVALID')
    await expectCode(parseMemberFile(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])), 'IMPORT_FILE_INVALID')
  })

  it('knows the headers in both languages and guesses the separator from the header line', () => {
    expect(['E-post', 'e-postadress', 'Email', 'E-mail', 'MAIL'].map(columnOf)).toEqual(['email', 'email', 'email', 'email', 'email'])
    expect(['Namn', 'Name', 'Grupper', 'Groups', 'Gruppskapare', 'Group creator', 'group_creator', 'Telefon'].map(columnOf)).toEqual([
      'name',
      'name',
      'groups',
      'groups',
      'groupCreator',
      'groupCreator',
      'groupCreator',
      null,
    ])
    expect(delimiterOf('a;b;c\nx,y')).toBe(';')
    expect(delimiterOf('a,b\n')).toBe(',')
  })
})

describe('parseMemberFile: xlsx', () => {
  it('reads the first sheet: headers in Swedish, a mailto link’s text, numbers as text, empty rows skipped', async () => {
    const bytes = await xlsxOf([
      ['E-post', 'Namn', 'Grupper', 'Gruppskapare'],
      [{ text: 'Kim@Example.se', hyperlink: 'mailto:Kim@Example.se' }, 'Kim Karlsson', 'Kör; Orkester', 'ja'],
      [],
      ['lo@example.se', 12345, '', 'nej'],
    ])
    const rows = await parseMemberFile(bytes)
    expect(rows).toEqual([
      { line: 2, email: 'kim@example.se', name: 'Kim Karlsson', groups: ['Kör', 'Orkester'], groupCreator: true },
      { line: 4, email: 'lo@example.se', name: '12345', groups: [], groupCreator: false },
    ])
  })

  it('refuses a workbook without an email column or over the row limit', async () => {
    await expectCode(parseMemberFile(await xlsxOf([['Namn'], ['Anna']])), 'IMPORT_NO_EMAIL_COLUMN')
    const rows = [['email'], ...Array.from({ length: MEMBER_IMPORT_MAX_ROWS + 1 }, (_, i) => [`p${i}@example.se`])]
    await expectCode(parseMemberFile(await xlsxOf(rows)), 'IMPORT_TOO_MANY_ROWS')
  })
})
