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

/**
 * A CSV document (app/utils/csv.ts) as a download named `<base>.csv`: the UTF-8 name for
 * browsers that read filename*, an ASCII one for the others; never cached.
 */
export function csvResponse(csv: string, base: string) {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${asciiName(base)}.csv"; filename*=UTF-8''${rfc5987(`${base}.csv`)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
