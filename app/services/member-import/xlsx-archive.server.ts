import { promisify } from 'node:util'
import { crc32, inflateRaw } from 'node:zlib'
import { DomainError } from '~/errors'
import type { MemberFileLimits } from './file-limits.server'

/*
 * An .xlsx workbook is a zip archive. exceljs (through JSZip) unpacks every part of it into memory
 * before looking at any, so a small file with a large part (150 MB of zeros pack into 150 kB) took
 * the whole server down (issue 33 item 2). Here the archive's own table of contents (the central
 * directory) is read first: only the parts a member sheet is read from are unpacked, with a running
 * cap on their total size and a cap on the number of entries; the rest (images, embedded files,
 * printer settings, themes, ...) is never unpacked. The parts kept are packed again, stored (not
 * compressed), into the archive exceljs is given (xlsxOfParts), so it sees nothing unchecked.
 */

/**
 * The parts read, by path: the workbook (its sheets and their order), the shared strings and
 * styles (cell text, dates), the sheets and their relations (hyperlinks), and what those relations
 * may point at that exceljs stops on when it is missing (comments, tables, drawings).
 */
const READ = [
  /^_rels\/\.rels$/,
  /^xl\/workbook\.xml$/,
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/styles\.xml$/,
  /^xl\/worksheets\/sheet\d+\.xml$/,
  /^xl\/worksheets\/_rels\/sheet\d+\.xml\.rels$/,
  /^xl\/comments\d+\.xml$/,
  /^xl\/tables\/table\d+\.xml$/,
  /^xl\/drawings\/[A-Za-z0-9]+\.xml$/,
  /^xl\/drawings\/_rels\/[A-Za-z0-9]+\.xml\.rels$/,
  /^xl\/drawings\/vmlDrawing\d+\.vml$/,
]

/** Whether the part at this path is unpacked (a leading slash, as some writers put, is dropped). */
export const isReadPart = (path: string) => READ.some((pattern) => pattern.test(path))

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8

const inflate = promisify(inflateRaw)
const invalid = () => new DomainError('IMPORT_FILE_INVALID')

/** The end-of-central-directory record: the last one in the file's final 64 kB (+ its 22 bytes). */
function endOfDirectory(view: DataView) {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at
  throw invalid()
}

/**
 * The parts a member sheet is read from, unpacked, by path. IMPORT_FILE_INVALID for an archive that
 * is not one (or one split over disks, ZIP64, encrypted, or packed other than stored or deflated),
 * lists more than `maxEntries` entries, lists one part twice, has no workbook, or whose parts read
 * unpack to more than `maxInflatedBytes` together (checked while unpacking, not from what the
 * archive claims). Unpacking runs off the event loop (zlib's thread pool).
 */
export async function readXlsxParts(bytes: Uint8Array, limits: Pick<MemberFileLimits, 'maxEntries' | 'maxInflatedBytes'>) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.byteLength < 22) throw invalid()
  const end = endOfDirectory(view)
  const entries = view.getUint16(end + 10, true)
  const directorySize = view.getUint32(end + 12, true)
  const directoryStart = view.getUint32(end + 16, true)
  // Split archives and ZIP64 (whose markers are all ones) are nothing a spreadsheet program writes for a list.
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) throw invalid()
  if (entries === 0xffff || directoryStart === 0xffffffff || directorySize === 0xffffffff) throw invalid()
  if (entries > limits.maxEntries) throw invalid()
  if (directoryStart + directorySize > end) throw invalid()

  const parts = new Map<string, Buffer>()
  let inflated = 0
  let at = directoryStart
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw invalid()
    const flags = view.getUint16(at + 8, true)
    const method = view.getUint16(at + 10, true)
    const packedSize = view.getUint32(at + 20, true)
    const size = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    const localHeader = view.getUint32(at + 42, true)
    if (next > end) throw invalid()
    const path = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength))
      .toString('utf8')
      .replace(/^\//, '')
    at = next
    if (!isReadPart(path)) continue
    if (parts.has(path) || flags & 1 || (method !== STORED && method !== DEFLATED)) throw invalid()
    const remaining = limits.maxInflatedBytes - inflated
    if (size > remaining) throw invalid()
    if (localHeader + 30 > bytes.byteLength || view.getUint32(localHeader, true) !== LOCAL_HEADER) throw invalid()
    const dataStart = localHeader + 30 + view.getUint16(localHeader + 26, true) + view.getUint16(localHeader + 28, true)
    if (dataStart + packedSize > bytes.byteLength) throw invalid()
    const packed = bytes.subarray(dataStart, dataStart + packedSize)
    let part: Buffer
    if (method === STORED) part = Buffer.from(packed)
    else {
      try {
        // The running cap, not the size the archive claims: past it zlib stops and fails.
        part = await inflate(packed, { maxOutputLength: Math.max(1, remaining) })
      } catch {
        throw invalid()
      }
    }
    inflated += part.byteLength
    if (inflated > limits.maxInflatedBytes) throw invalid()
    parts.set(path, part)
  }
  // A zip without a workbook (a Word document, a folder of files) is no spreadsheet at all.
  if (!parts.has('xl/workbook.xml')) throw new DomainError('IMPORT_NOT_SPREADSHEET')
  return parts
}

/** The parts as a zip archive, stored (not compressed): what exceljs is given to read. */
export function xlsxOfParts(parts: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const [path, data] of parts) {
    const name = Buffer.from(path, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(LOCAL_HEADER, 0)
    local.writeUInt16LE(20, 4) // version needed: 2.0
    local.writeUInt16LE(0x0800, 6) // the name is UTF-8
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.byteLength, 18)
    local.writeUInt32LE(data.byteLength, 22)
    local.writeUInt16LE(name.byteLength, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(DIRECTORY_ENTRY, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(0x0800, 8)
    entry.writeUInt32LE(crc, 16)
    entry.writeUInt32LE(data.byteLength, 20)
    entry.writeUInt32LE(data.byteLength, 24)
    entry.writeUInt16LE(name.byteLength, 28)
    entry.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    directory.push(entry, name)
    offset += local.byteLength + name.byteLength + data.byteLength
  }
  const directorySize = directory.reduce((sum, b) => sum + b.byteLength, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_DIRECTORY, 0)
  end.writeUInt16LE(parts.size, 8)
  end.writeUInt16LE(parts.size, 10)
  end.writeUInt32LE(directorySize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...directory, end])
}
