import ExcelJS from 'exceljs'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectCode } from '../../../tests/support/expect-code'
import { paddedXml, withParts, xlsxOf } from '../../../tests/support/xlsx'
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from '~/utils/member-import-rules'
import { MEMBER_FILE_LIMITS } from './file-limits.server'
import { columnOf, delimiterOf, parseMemberFile, parseMemberTable } from './parse.server'

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
    await expectCode(parseMemberFile(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])), 'IMPORT_NOT_SPREADSHEET')
  })

  it('says a PDF, a picture or an old Office file is not a CSV or Excel file, not that its header is wrong (issue 35)', async () => {
    const pdf = utf8('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\nemail\n')
    await expectCode(parseMemberFile(pdf), 'IMPORT_NOT_SPREADSHEET')
    await expectCode(parseMemberFile(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), 'IMPORT_NOT_SPREADSHEET')
    await expectCode(parseMemberFile(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'IMPORT_NOT_SPREADSHEET')
    // Control characters in what claims to be text: no CSV either.
    await expectCode(parseMemberFile(utf8('email\u0001\u0002\na@example.se\n')), 'IMPORT_NOT_SPREADSHEET')
    // A text without a known header stays the header's message.
    await expectCode(parseMemberFile(utf8('telefon\n013-123\n')), 'IMPORT_NO_EMAIL_COLUMN')
  })

  it('reads Förnamn and Efternamn (or First name and Last name) as the name, and says which columns it used and left out', async () => {
    const sv = await parseMemberTable(utf8('Förnamn;Efternamn;E-post;Klass;Telefon\nÅsa;Öberg;asa@example.se;7A;013\n'))
    expect(sv.rows[0]).toMatchObject({ name: 'Åsa Öberg', email: 'asa@example.se' })
    expect(sv.columns).toEqual({
      used: [
        { header: 'Förnamn', column: 'firstName' },
        { header: 'Efternamn', column: 'lastName' },
        { header: 'E-post', column: 'email' },
      ],
      ignored: ['Klass', 'Telefon'],
    })
    const en = await parseMemberTable(utf8('First name,Last name,Email\nEmile,,emile@example.se\n'))
    expect(en.rows[0]).toMatchObject({ name: 'Emile', email: 'emile@example.se' })
    // A name column wins over the parts; a column named twice is read once.
    const both = await parseMemberTable(utf8('Namn,Förnamn,Efternamn,Email,email\nÅsa Ö,Åsa,Öberg,asa@example.se,x@example.se\n'))
    expect(both.rows[0]).toMatchObject({ name: 'Åsa Ö', email: 'asa@example.se' })
    expect(both.columns.ignored).toEqual(['email'])
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

/** A list as long as a file may be: 10,000 people in four columns (some 290 kB as .xlsx). */
async function fullWorkbook() {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Medlemmar')
  sheet.addRow(['E-post', 'Namn', 'Grupper', 'Gruppskapare'])
  for (let i = 0; i < MEMBER_IMPORT_MAX_ROWS; i++)
    sheet.addRow([`elev${i}@skolan.example.se`, `Förnamn${i} Efternamn${i}`, `Klass ${i % 40}; Kör ${i % 7}`, i % 3 ? 'nej' : 'ja'])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

describe('parseMemberFile: what a file may cost (issue 33 item 2)', () => {
  it('reads a workbook with an image, a comment and a link; the image is never unpacked, however large', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Medlemmar')
    sheet.addRow(['E-post', 'Namn'])
    sheet.addRow([{ text: 'kim@example.se', hyperlink: 'mailto:kim@example.se' }, 'Kim'])
    sheet.getCell('B2').note = 'Ny i höst'
    sheet.addImage(workbook.addImage({ base64: PNG, extension: 'png' }), 'D1:E3')
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
    const expected = [{ line: 2, email: 'kim@example.se', name: 'Kim', groups: [], groupCreator: false }]
    expect(await parseMemberFile(bytes)).toEqual(expected)
    // The image part padded to 40 MB (some 40 kB packed), past the cap on what is unpacked.
    expect(await parseMemberFile(await withParts(bytes, { 'xl/media/image1.png': new Uint8Array(40 * 1024 * 1024) }))).toEqual(expected)
  })

  it('refuses a workbook whose parts read unpack past 20 MB, a small file though it is', async () => {
    // A second sheet of 30 MB of spaces: some 30 kB packed.
    const bytes = await withParts(await xlsxOf([['email'], ['a@example.se']]), { 'xl/worksheets/sheet2.xml': paddedXml('worksheet', 30) })
    expect(bytes.length).toBeLessThan(100_000)
    await expectCode(parseMemberFile(bytes), 'IMPORT_FILE_INVALID')
  })

  it('reads a full list in its worker; one needing more than the worker’s heap or time is refused, and the next file is read', async () => {
    const bytes = await fullWorkbook()
    await expectCode(parseMemberFile(bytes, { ...MEMBER_FILE_LIMITS, workerHeapMb: 8 }), 'IMPORT_FILE_INVALID')
    await expectCode(parseMemberFile(bytes, { ...MEMBER_FILE_LIMITS, workerTimeoutMs: 50 }), 'IMPORT_FILE_INVALID')
    await expectCode(parseMemberFile(utf8('email\na@example.se\n'), { ...MEMBER_FILE_LIMITS, workerTimeoutMs: 1 }), 'IMPORT_FILE_INVALID')
    // Several at once wait their turn (MEMBER_FILE_PARSERS) and are all read.
    const lists = await Promise.all([parseMemberFile(bytes), parseMemberFile(bytes), parseMemberFile(utf8('email\na@example.se\n'))])
    expect(lists.map((rows) => rows.length)).toEqual([MEMBER_IMPORT_MAX_ROWS, MEMBER_IMPORT_MAX_ROWS, 1])
  }, 60_000)

  it('refuses a CSV file over 4 MB, or with a record longer than the limit (a line, or an unclosed quote)', async () => {
    const { maxCsvRecordChars } = MEMBER_FILE_LIMITS
    // A record of this many characters in its cells (the separator not counted).
    const line = (length: number) => `a@example.se;${'n'.repeat(length - 'a@example.se'.length)}`
    expect(await parseMemberFile(utf8(`email;name\n${line(maxCsvRecordChars)}\n`))).toHaveLength(1)
    await expectCode(parseMemberFile(utf8(`email;name\n${line(maxCsvRecordChars + 100)}\n`)), 'IMPORT_FILE_INVALID')
    const unclosed = `email;name\n"a@example.se;Anna\n${'b@example.se;Bo\n'.repeat(3000)}`
    await expectCode(parseMemberFile(utf8(unclosed)), 'IMPORT_FILE_INVALID')
    await expectCode(parseMemberFile(new Uint8Array(MEMBER_IMPORT_MAX_BYTES + 1).fill(0x61)), 'IMPORT_FILE_TOO_LARGE')
  })

  it('under the production heap flags, hostile 150 kB workbooks that unpack to 150 MB are answered and the process lives on', async () => {
    const flags = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start.match(/--max-[a-z-]+-size=\d+/g) as string[]
    expect(flags).toContain('--max-old-space-size=128')
    const base = await xlsxOf([['email'], ['a@example.se']])
    const dir = mkdtempSync(join(tmpdir(), 'member-files-'))
    try {
      const files = {
        // A part nothing reads (skipped), one a sheet is read from (refused), an image (skipped).
        padding: await withParts(base, { 'xl/padding.bin': new Uint8Array(150 * 1024 * 1024) }),
        sheet: await withParts(base, { 'xl/worksheets/sheet2.xml': paddedXml('worksheet', 150) }),
        media: await withParts(base, { 'xl/media/image1.png': new Uint8Array(150 * 1024 * 1024) }),
      }
      const paths = Object.entries(files).map(([name, bytes]) => {
        expect(bytes.length).toBeLessThan(400_000)
        writeFileSync(join(dir, `${name}.xlsx`), bytes)
        return join(dir, `${name}.xlsx`)
      })
      const output = execFileSync(process.execPath, [...flags, '--import', 'tsx', 'tests/support/parse-member-files.ts', ...paths], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      expect(JSON.parse(output).answers).toEqual([{ rows: 1 }, { code: 'IMPORT_FILE_INVALID' }, { rows: 1 }])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
