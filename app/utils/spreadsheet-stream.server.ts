import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import ExcelJS from 'exceljs'
import { CSV_BOM, csvRow, type CsvFormat } from './csv'

/**
 * Spreadsheets written while they are read (a group's 30,000 loops, docs/group-work.md "Export"):
 * the next batch of rows is asked for only when the client has taken the previous one, so the
 * server holds one batch whatever the length. Sent with its headers before the first batch: an
 * error after that can only cut the file short (it is logged).
 */

/** A cell of the .xlsx: text stays text (never a formula), a number a number, a Date a local date and time. */
export type SheetCell = string | number | Date | null

/** A CSV document (app/utils/csv.ts rules: BOM, the language's delimiter, formula defusing) of the header and the rows of each batch. */
export function csvStream(header: string[], batches: AsyncGenerator<string[][]>, { delimiter }: Pick<CsvFormat, 'delimiter'>) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${CSV_BOM}${csvRow(header, delimiter)}`))
    },
    async pull(controller) {
      try {
        const { done, value } = await batches.next()
        if (done) return controller.close()
        if (value.length) controller.enqueue(encoder.encode(value.map((row) => csvRow(row, delimiter)).join('')))
      } catch (error) {
        console.error('export: a streamed CSV failed', error)
        controller.error(error)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}

export interface SheetColumn {
  header: string
  width: number
  /** Excel's number format, e.g. 'yyyy-mm-dd hh:mm' for a Date column. */
  numFmt?: string
}

/**
 * An .xlsx workbook of one sheet (the header row frozen) written by exceljs's streaming writer:
 * each row is committed as it is written, and after each batch the writer waits until the client
 * has taken what is queued, so memory stays that of one batch.
 */
export function xlsxStream(sheetName: string, columns: SheetColumn[], batches: AsyncGenerator<SheetCell[][]>) {
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }))
  sheet.getRow(1).font = { bold: true }
  const write = async () => {
    for (;;) {
      const { done, value } = await batches.next()
      if (done || out.destroyed) break
      for (const row of value) sheet.addRow(row).commit()
      // Let the client take this batch before the next is read.
      // (A client that went away closes the stream: then no drain comes, and the loop ends.)
      while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')])
    }
    if (out.destroyed) return batches.return(undefined)
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => {
    console.error('export: a streamed workbook failed', error)
    out.destroy(error as Error)
  })
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array> & NodeWebStream<Uint8Array>
}

/** A local time (its parts in the user's zone) as the Date exceljs writes as that date and time. */
export const sheetDateTime = (parts: Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>) =>
  new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)))
