import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { crc32, deflateRawSync } from 'node:zlib'

/** An .xlsx workbook (one sheet, these rows) built with the library the member import reads it with. */
export async function xlsxOf(rows: (string | number | { text: string; hyperlink: string })[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Medlemmar')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/**
 * The archive with these parts added or replaced, every part deflated (as a spreadsheet program
 * packs them) with node:zlib: 150 MB of padding pack in a fraction of a second, not JSZip's ten.
 */
export async function withParts(archive: Uint8Array, parts: Record<string, Uint8Array | string>) {
  const zip = await JSZip.loadAsync(archive)
  const all = new Map<string, Uint8Array>()
  for (const entry of Object.values(zip.files)) if (!entry.dir) all.set(entry.name, await entry.async('uint8array'))
  for (const [path, data] of Object.entries(parts)) all.set(path, typeof data === 'string' ? Buffer.from(data) : data)
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const [path, data] of all) {
    const name = Buffer.from(path)
    const packed = deflateRawSync(data)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(8, 8)
    header.writeUInt32LE(crc32(data), 14)
    header.writeUInt32LE(packed.length, 18)
    header.writeUInt32LE(data.length, 22)
    header.writeUInt16LE(name.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(8, 10)
    header.copy(entry, 16, 14, 26)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    locals.push(header, name, packed)
    directory.push(entry, name)
    offset += header.length + name.length + packed.length
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(all.size, 8)
  end.writeUInt16LE(all.size, 10)
  end.writeUInt32LE(
    directory.reduce((sum, b) => sum + b.length, 0),
    12,
  )
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]))
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
