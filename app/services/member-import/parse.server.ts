import type { Options as CsvOptions } from 'csv-parse/sync'
import { z } from 'zod'
import { DomainError } from '~/errors'
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from '~/utils/member-import-rules'
import { MEMBER_FILE_LIMITS, type MemberFileLimits } from './file-limits.server'
import { parseInWorker } from './parse-worker.server'
import { readXlsxParts, xlsxOfParts } from './xlsx-archive.server'

/*
 * Reading a member list: a CSV file (comma or semicolon separated, UTF-8 with or without a BOM, or
 * Windows-1252 as Excel's plain "CSV (semicolon separated)" writes it) or an Excel workbook (.xlsx,
 * its first sheet). The first row names the columns, in Swedish or English, in any order and case;
 * other columns are ignored. Parsed with csv-parse and exceljs in a worker thread, within the limits
 * of file-limits.server.ts (docs/organizations.md, docs/security.md "Uploaded files").
 */

export type ImportColumn = 'email' | 'name' | 'firstName' | 'lastName' | 'groups' | 'groupCreator'

/** What a problem found in the row itself is called (the preview translates orgImport.problems.*). */
export type RowProblem = 'INVALID_EMAIL' | 'INVALID_GROUP_CREATOR' | 'NAME_TOO_LONG' | 'GROUP_NAME_TOO_LONG'

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number
  /** Trimmed and lower case; as written when it is no address. */
  email: string
  name: string
  /** Group names, trimmed, each once. */
  groups: string[]
  groupCreator: boolean
  problem?: RowProblem
}

/** Header words by column, compared without case, spaces, hyphens and underscores. */
const HEADERS: Record<ImportColumn, string[]> = {
  email: ['email', 'emailaddress', 'mail', 'epost', 'epostadress', 'mejl', 'mejladress'],
  name: ['name', 'fullname', 'displayname', 'namn', 'fullständigtnamn'],
  // Without a name column, the name is the first name and the last name (as school systems export them).
  firstName: ['förnamn', 'firstname', 'givenname', 'tilltalsnamn'],
  lastName: ['efternamn', 'lastname', 'surname', 'familyname'],
  groups: ['groups', 'group', 'grupper', 'grupp'],
  groupCreator: ['groupcreator', 'gruppskapare', 'cancreategroups', 'fårskapagrupper', 'kanskapagrupper'],
}

const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '')

/** The column of a header cell, or null for a column the import does not read. */
export function columnOf(header: string): ImportColumn | null {
  const key = normalizeHeader(header)
  for (const [column, words] of Object.entries(HEADERS) as [ImportColumn, string[]][]) if (words.includes(key)) return column
  return null
}

const YES = new Set(['yes', 'y', 'ja', 'j', 'true', 'sant', '1', 'x'])
const NO = new Set(['', 'no', 'n', 'nej', 'false', 'falskt', '0'])

/** Group names in a cell are separated by commas or semicolons (so a group name holds neither). */
export const GROUP_SEPARATOR = /[,;]/

export const NAME_MAX = 100
export const GROUP_NAME_MAX = 100
const isEmail = (value: string) => value.length <= 254 && z.string().email().safeParse(value).success

/** One row of cells (by column) as an import row, with the first problem found in it. */
function toRow(line: number, cells: Partial<Record<ImportColumn, string>>): ImportRow {
  const email = (cells.email ?? '').trim().toLowerCase()
  const name =
    (cells.name ?? '').trim() ||
    [cells.firstName, cells.lastName]
      .map((part) => (part ?? '').trim())
      .filter(Boolean)
      .join(' ')
  const groups = [
    ...new Set(
      (cells.groups ?? '')
        .split(GROUP_SEPARATOR)
        .map((g) => g.trim())
        .filter(Boolean),
    ),
  ]
  const creatorText = (cells.groupCreator ?? '').trim().toLowerCase()
  const row: ImportRow = { line, email, name, groups, groupCreator: YES.has(creatorText) }
  if (!isEmail(email)) row.problem = 'INVALID_EMAIL'
  else if (!YES.has(creatorText) && !NO.has(creatorText)) row.problem = 'INVALID_GROUP_CREATOR'
  else if (name.length > NAME_MAX) row.problem = 'NAME_TOO_LONG'
  else if (groups.some((g) => g.length > GROUP_NAME_MAX)) row.problem = 'GROUP_NAME_TOO_LONG'
  return row
}

/** Which of the file's columns the import reads (its header as written, and as what) and which it leaves out. */
export interface ImportColumns {
  used: { header: string; column: ImportColumn }[]
  ignored: string[]
}

/** A file's rows and what its header said. */
export interface ImportTable {
  rows: ImportRow[]
  columns: ImportColumns
}

/**
 * Rows of cells (the first the header) as import rows, and which columns were read and left out:
 * IMPORT_NO_EMAIL_COLUMN without an email column, IMPORT_EMPTY without a row below the header,
 * IMPORT_TOO_MANY_ROWS past MEMBER_IMPORT_MAX_ROWS. Wholly empty rows are skipped (Excel leaves
 * some at the end). A column named twice is read once (the first), the other left out.
 */
export function rowsOfTable(table: string[][]): ImportTable {
  const [header = [], ...body] = table
  const columns = new Map<ImportColumn, number>()
  const seen: ImportColumns = { used: [], ignored: [] }
  header.forEach((cell, index) => {
    const text = String(cell ?? '').trim()
    const column = columnOf(text)
    if (column && !columns.has(column)) {
      columns.set(column, index)
      seen.used.push({ header: text, column })
    } else if (text) seen.ignored.push(text)
  })
  if (!columns.has('email')) throw new DomainError('IMPORT_NO_EMAIL_COLUMN')
  const rows: ImportRow[] = []
  body.forEach((cells, index) => {
    if (cells.every((c) => !String(c ?? '').trim())) return
    if (rows.length >= MEMBER_IMPORT_MAX_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS', { max: MEMBER_IMPORT_MAX_ROWS })
    const byColumn: Partial<Record<ImportColumn, string>> = {}
    for (const [column, at] of columns) byColumn[column] = String(cells[at] ?? '')
    rows.push(toRow(index + 2, byColumn))
  })
  if (rows.length === 0) throw new DomainError('IMPORT_EMPTY')
  return { rows, columns: seen }
}

/** The text of a CSV file: UTF-8 (a BOM is dropped by the parser), else Windows-1252 (Excel's plain CSV). */
function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** The separator of a CSV file: a semicolon when its first line has more of them than commas (Swedish Excel). */
export function delimiterOf(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const count = (c: string) => firstLine.split(c).length - 1
  return count(';') > count(',') ? ';' : ','
}

/**
 * The table of a CSV file, parsed in the worker: IMPORT_FILE_INVALID for a NUL byte, a record
 * longer than `maxCsvRecordChars`, or one the parser cannot read.
 */
export async function parseCsvTable(bytes: Uint8Array, limits: MemberFileLimits = MEMBER_FILE_LIMITS): Promise<string[][]> {
  const text = decodeCsv(bytes).replace(/^\uFEFF/, '')
  if (text.includes('\u0000')) throw new DomainError('IMPORT_FILE_INVALID')
  const options = {
    delimiter: delimiterOf(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines stay (rowsOfTable skips them), so each row keeps its line number.
    skip_empty_lines: false,
    // One more than a file may hold (and its header): past it the file is too long, not unreadable.
    to_line: MEMBER_IMPORT_MAX_ROWS + 2,
    // A line (or an unclosed quote) this long is no list of people.
    max_record_size: limits.maxCsvRecordChars,
  } satisfies CsvOptions
  return parseInWorker({ kind: 'csv', text, options }, limits)
}

/**
 * The first sheet of an .xlsx workbook as text cells (what Excel shows: a link's text, a formula's
 * result): only the parts it needs are unpacked, within the limits (xlsx-archive.server.ts), and
 * exceljs reads them in the worker.
 */
export async function parseXlsxTable(bytes: Uint8Array, limits: MemberFileLimits = MEMBER_FILE_LIMITS): Promise<string[][]> {
  const parts = await readXlsxParts(bytes, limits)
  return parseInWorker({ kind: 'xlsx', archive: xlsxOfParts(parts), maxRows: MEMBER_IMPORT_MAX_ROWS }, limits)
}

/** An .xlsx file is a zip archive: it starts with "PK\x03\x04". */
const isZip = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/** Magic numbers of files people pick by mistake: PDF, old Office (.xls, .doc), PNG, JPEG, GIF. */
const NOT_TEXT = [
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
]

/**
 * Whether the bytes are no text a CSV could be: a known binary format, or control characters
 * (besides tab, line feed, carriage return and form feed) in the first 4 KB. A UTF-16 text (its
 * byte order mark) is text, left to the CSV reader (which cannot read it: IMPORT_FILE_INVALID).
 */
export function isBinary(bytes: Uint8Array) {
  if (NOT_TEXT.some((magic) => magic.every((b, i) => bytes[i] === b))) return true
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false
  for (const b of bytes.subarray(0, 4096)) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return true
  return false
}

/**
 * The rows of an uploaded file, CSV or .xlsx by its content (not its name), within the limits of
 * file-limits.server.ts (the defaults but in tests); IMPORT_NOT_SPREADSHEET for anything else (a
 * PDF, a picture, a Word document).
 */
export async function parseMemberTable(bytes: Uint8Array, limits: MemberFileLimits = MEMBER_FILE_LIMITS): Promise<ImportTable> {
  if (bytes.length === 0) throw new DomainError('IMPORT_EMPTY')
  if (bytes.length > MEMBER_IMPORT_MAX_BYTES) throw new DomainError('IMPORT_FILE_TOO_LARGE')
  if (!isZip(bytes) && isBinary(bytes)) throw new DomainError('IMPORT_NOT_SPREADSHEET')
  return rowsOfTable(isZip(bytes) ? await parseXlsxTable(bytes, limits) : await parseCsvTable(bytes, limits))
}

/** The rows of an uploaded file (parseMemberTable without its columns). */
export const parseMemberFile = async (bytes: Uint8Array, limits: MemberFileLimits = MEMBER_FILE_LIMITS): Promise<ImportRow[]> =>
  (await parseMemberTable(bytes, limits)).rows
