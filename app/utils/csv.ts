/**
 * CSV files that open right in a spreadsheet (RFC 4180 quoting, CRLF line ends, UTF-8 with a
 * byte-order mark). Excel reads a CSV with the list separator of the computer's region, so a
 * Swedish user gets `;` (Swedish Excel uses `,` as the decimal comma) and an English one `,`. The
 * byte-order mark is there in both languages: without it Excel on Windows reads the file in the
 * old ANSI code page and breaks å, ä, ö and every other non-ASCII letter.
 */
export interface CsvFormat {
  delimiter: ',' | ';'
  /** IANA timezone the times are written in (the user's). */
  timeZone: string
}

export const csvFormatFor = (locale: string, timeZone: string): CsvFormat => ({ delimiter: locale === 'sv' ? ';' : ',', timeZone })

/**
 * Where a spreadsheet may start a cell: the field's start, or a separator of either kind (a file
 * opened with the other region's separator, or by a reader that ignores quotes, splits there), each
 * with any spaces after it. A formula character (= + - @, or a tab / CR) there would run.
 */
const FORMULA_START = /(^|[,;])([ \u00a0]*)(?=[=+\-@\t\r])/g

/**
 * One field: quoted when it holds either separator (`,` or `;`, whichever the file uses: the
 * other region's spreadsheet splits at the other one), a quote or a line break, quotes doubled. A
 * formula character where a cell may start gets an apostrophe before it (OWASP "CSV injection"),
 * so the spreadsheet shows it as text.
 */
export function csvField(value: string) {
  const safe = value.replace(FORMULA_START, "$1$2'")
  return /[,;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The byte-order mark every CSV document starts with (see above). */
export const CSV_BOM = '\uFEFF'

/** One row of a CSV document, its CRLF included (a streamed document writes these after the BOM). */
export const csvRow = (row: string[], delimiter: CsvFormat['delimiter']) => `${row.map(csvField).join(delimiter)}\r\n`

/** The rows (the first one the column titles) as a CSV document: BOM, CRLF after every row. */
export function csvDocument(rows: string[][], { delimiter }: Pick<CsvFormat, 'delimiter'>) {
  return `${CSV_BOM}${rows.map((row) => csvRow(row, delimiter)).join('')}`
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment as local time in the zone, "2026-11-23 14:05": the form every spreadsheet locale
 * reads as a date and time (an ISO time with `T…Z` stays text, in UTC).
 */
export function csvDateTime(value: string | null, timeZone: string) {
  if (!value) return ''
  const part = localParts(value, timeZone)
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}

/** The moment's local date and time in the zone, as two-digit strings (year four). */
export function localParts(value: string, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  const part = Object.fromEntries(formatter.formatToParts(new Date(value)).map((p) => [p.type, p.value]))
  return { year: part.year, month: part.month, day: part.day, hour: part.hour, minute: part.minute }
}
