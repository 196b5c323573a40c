import ExcelJS from 'exceljs'
import JSZip from 'jszip'

/** An .xlsx workbook (one sheet, these rows) built with the library the member import reads it with. */
export async function xlsxOf(rows: (string | number | { text: string; hyperlink: string })[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Medlemmar')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** The archive with these parts added or replaced (deflated, as a spreadsheet program packs them). */
export async function withParts(archive: Uint8Array, parts: Record<string, Uint8Array | string>) {
  const zip = await JSZip.loadAsync(archive)
  for (const [path, data] of Object.entries(parts)) zip.file(path, data, { compression: 'DEFLATE' })
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}

/** A hostile part: `megabytes` MB of spaces inside an element (valid XML, packs to ~1/1000). */
export const paddedXml = (element: string, megabytes: number) => {
  const padding = new Uint8Array(megabytes * 1024 * 1024).fill(0x20)
  const open = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><${element}>`)
  const close = new TextEncoder().encode(`</${element}>`)
  const bytes = new Uint8Array(open.length + padding.length + close.length)
  bytes.set(open)
  bytes.set(padding, open.length)
  bytes.set(close, open.length + padding.length)
  return bytes
}
