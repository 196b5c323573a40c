/** An ASCII file name (for old clients) from a name with any letters. */
const asciiName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'organization'

/** RFC 5987 value for filename*: percent-encoded UTF-8, ' ( ) * included. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The content types of the downloads. */
export const DOWNLOAD_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const

/**
 * A file (a CSV document of app/utils/csv.ts, or a stream of one or of a workbook) as a download
 * named `<base>.<extension>`: the UTF-8 name for browsers that read filename*, an ASCII one for
 * the others; never cached.
 */
export function downloadResponse(body: string | ReadableStream<Uint8Array>, base: string, extension: keyof typeof DOWNLOAD_TYPES) {
  return new Response(body, {
    headers: {
      'Content-Type': DOWNLOAD_TYPES[extension],
      'Content-Disposition': `attachment; filename="${asciiName(base)}.${extension}"; filename*=UTF-8''${rfc5987(`${base}.${extension}`)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** A CSV document as a download named `<base>.csv` (downloadResponse). */
export const csvResponse = (csv: string, base: string) => downloadResponse(csv, base, 'csv')
