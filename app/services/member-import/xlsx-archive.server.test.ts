import { describe, expect, it } from 'vitest'
import { expectCode } from '../../../tests/support/expect-code'
import { paddedXml, withParts, xlsxOf } from '../../../tests/support/xlsx'
import { MEMBER_FILE_LIMITS } from './file-limits.server'
import { isReadPart, readXlsxParts, xlsxOfParts } from './xlsx-archive.server'

const limits = { maxEntries: MEMBER_FILE_LIMITS.maxEntries, maxInflatedBytes: MEMBER_FILE_LIMITS.maxInflatedBytes }
const workbook = () => xlsxOf([['email'], ['a@example.se']])

/** Offsets of the central directory's entries (signature PK\1\2) and each one's name. */
function directoryEntries(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const found: { at: number; name: string }[] = []
  for (let at = 0; at + 46 < bytes.length; at++)
    if (view.getUint32(at, true) === 0x02014b50) {
      const length = view.getUint16(at + 28, true)
      found.push({ at, name: Buffer.from(bytes.subarray(at + 46, at + 46 + length)).toString('utf8') })
    }
  return found
}

describe('readXlsxParts', () => {
  it('unpacks the parts a member sheet is read from, and only those', async () => {
    const bytes = await withParts(await workbook(), {
      'xl/media/image1.png': new Uint8Array(1000),
      'xl/embeddings/oleObject1.bin': new Uint8Array(1000),
      'customXml/item1.xml': '<x/>',
    })
    const parts = await readXlsxParts(bytes, limits)
    expect([...parts.keys()].sort()).toEqual([
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ])
    expect(parts.get('xl/workbook.xml')!.toString('utf8')).toContain('<sheet ')
    expect(['xl/theme/theme1.xml', 'docProps/app.xml', '[Content_Types].xml', 'xl/worksheets/sheet1.xml.bak'].some(isReadPart)).toBe(false)
  })

  it('never unpacks a part it skips: a broken image does not matter', async () => {
    const bytes = await withParts(await workbook(), { 'xl/media/image1.png': new Uint8Array(64) })
    // The image's deflated data (after its local header), overwritten with bytes no inflater takes.
    const header = Buffer.from(bytes).indexOf('xl/media/image1.png') - 30
    const view = new DataView(bytes.buffer, bytes.byteOffset)
    const data = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true)
    bytes.fill(0xff, data, data + view.getUint32(header + 18, true))
    await expect(readXlsxParts(bytes, limits)).resolves.toBeInstanceOf(Map)
  })

  it('refuses parts it reads that unpack past the running cap, whatever the archive claims', async () => {
    // 30 MB of a sheet's XML pack into some 30 kB.
    const big = await withParts(await workbook(), { 'xl/worksheets/sheet2.xml': paddedXml('worksheet', 30) })
    expect(big.length).toBeLessThan(100_000)
    await expectCode(readXlsxParts(big, limits), 'IMPORT_FILE_INVALID')
    // Two parts of 12 MB each: each under the cap, together over it.
    const two = await withParts(await workbook(), {
      'xl/worksheets/sheet2.xml': paddedXml('worksheet', 12),
      'xl/worksheets/sheet3.xml': paddedXml('worksheet', 12),
    })
    await expectCode(readXlsxParts(two, limits), 'IMPORT_FILE_INVALID')
    // The central directory lies: it says 10 bytes where there are 30 MB.
    const liar = Uint8Array.from(big)
    const view = new DataView(liar.buffer)
    const entry = directoryEntries(liar).find((e) => e.name === 'xl/worksheets/sheet2.xml')!
    view.setUint32(entry.at + 24, 10, true)
    await expectCode(readXlsxParts(liar, limits), 'IMPORT_FILE_INVALID')
    // A cap of its own size takes it; one byte less does not.
    const parts = await readXlsxParts(await workbook(), limits)
    const total = [...parts.values()].reduce((sum, p) => sum + p.byteLength, 0)
    await expect(readXlsxParts(await workbook(), { ...limits, maxInflatedBytes: total })).resolves.toHaveProperty('size', parts.size)
    await expectCode(readXlsxParts(await workbook(), { ...limits, maxInflatedBytes: total - 1 }), 'IMPORT_FILE_INVALID')
  })

  it('refuses an archive of more entries than the cap, skipped ones counted', async () => {
    const many = Object.fromEntries(Array.from({ length: MEMBER_FILE_LIMITS.maxEntries }, (_, i) => [`xl/media/i${i}.png`, 'x']))
    await expectCode(readXlsxParts(await withParts(await workbook(), many), limits), 'IMPORT_FILE_INVALID')
    const bytes = await workbook()
    const count = directoryEntries(bytes).length
    await expect(readXlsxParts(bytes, { ...limits, maxEntries: count })).resolves.toBeInstanceOf(Map)
    await expectCode(readXlsxParts(bytes, { ...limits, maxEntries: count - 1 }), 'IMPORT_FILE_INVALID')
  })

  it('refuses what is no workbook: no workbook part, an encrypted or unknown packing, a part twice, a cut file', async () => {
    const noWorkbook = xlsxOfParts(new Map([['xl/worksheets/sheet1.xml', Buffer.from('<worksheet/>')]]))
    // A zip without a workbook (a Word document) is no spreadsheet: said so, not "could not be read".
    await expectCode(readXlsxParts(noWorkbook, limits), 'IMPORT_NOT_SPREADSHEET')

    const withFlag = (flag: (view: DataView, at: number) => void) => {
      const bytes = Uint8Array.from(xlsxOfParts(new Map([['xl/workbook.xml', Buffer.from('<workbook/>')]])))
      flag(new DataView(bytes.buffer), directoryEntries(bytes)[0].at)
      return bytes
    }
    await expectCode(
      readXlsxParts(
        withFlag((v, at) => v.setUint16(at + 8, 1, true)),
        limits,
      ),
      'IMPORT_FILE_INVALID',
    )
    await expectCode(
      readXlsxParts(
        withFlag((v, at) => v.setUint16(at + 10, 12, true)),
        limits,
      ),
      'IMPORT_FILE_INVALID',
    )

    const twice = Buffer.from(xlsxOfParts(new Map([['xl/workbook.xml', Buffer.from('<a/>')]])))
    const [entry] = directoryEntries(twice)
    // The same entry listed twice in the directory.
    const directory = twice.subarray(entry.at, twice.length - 22)
    const end = Buffer.from(twice.subarray(twice.length - 22))
    end.writeUInt16LE(2, 8)
    end.writeUInt16LE(2, 10)
    end.writeUInt32LE(directory.length * 2, 12)
    await expectCode(readXlsxParts(Buffer.concat([twice.subarray(0, entry.at), directory, directory, end]), limits), 'IMPORT_FILE_INVALID')

    const whole = await workbook()
    await expectCode(readXlsxParts(whole.subarray(0, whole.length - 30), limits), 'IMPORT_FILE_INVALID')
    await expectCode(readXlsxParts(whole.subarray(0, 1000), limits), 'IMPORT_FILE_INVALID')
    await expectCode(readXlsxParts(new Uint8Array(10), limits), 'IMPORT_FILE_INVALID')
  })

  it('packs the parts again, stored, into an archive that reads back the same', async () => {
    const parts = await readXlsxParts(await workbook(), limits)
    const again = await readXlsxParts(xlsxOfParts(parts), limits)
    expect([...again.entries()]).toEqual([...parts.entries()])
  })
})
