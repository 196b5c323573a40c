import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { DomainError } from '~/errors'
import { MEMBER_FILE_PARSERS, type MemberFileLimits } from './file-limits.server'

/*
 * The member file's parsing (csv-parse, exceljs) runs in a worker thread with a heap of its own
 * (resourceLimits) and a time limit: a file that needs more than that stops its worker, and is
 * IMPORT_FILE_INVALID; the server's own heap and event loop are untouched (issue 33 item 2). At
 * most MEMBER_FILE_PARSERS workers run at once; more uploads wait their turn.
 */

export type ParseJob =
  | { kind: 'csv'; text: string; options: Record<string, unknown> }
  /** A stored archive of checked parts (xlsx-archive.server.ts); its first sheet is read. */
  | { kind: 'xlsx'; archive: Uint8Array; maxRows: number }

type Answer = { table: string[][] } | { code: 'IMPORT_EMPTY' | 'IMPORT_TOO_MANY_ROWS' | 'IMPORT_FILE_INVALID' }

/** The worker: plain JavaScript, so it runs the same from the sources and from the build. */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const { job, modules } = workerData
async function parse() {
  if (job.kind === 'csv') return { table: require(modules.csvParse).parse(job.text, job.options) }
  const ExcelJS = require(modules.exceljs)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(job.archive.buffer, job.archive.byteOffset, job.archive.byteLength))
  const sheet = workbook.worksheets[0]
  if (!sheet) return { code: 'IMPORT_EMPTY' }
  if (sheet.actualRowCount > job.maxRows + 1) return { code: 'IMPORT_TOO_MANY_ROWS' }
  const table = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = []
    row.eachCell({ includeEmpty: true }, (cell, column) => { cells[column - 1] = cell.text || '' })
    // By its row number, so a row's line is the one Excel shows (empty rows are skipped later).
    table[row.number - 1] = Array.from(cells, (c) => c || '')
  })
  return { table: Array.from(table, (cells) => cells || []) }
}
parse().then(
  (answer) => parentPort.postMessage(answer),
  () => parentPort.postMessage({ code: 'IMPORT_FILE_INVALID' }),
)
`

const resolveModule = createRequire(import.meta.url).resolve
let modules: { csvParse: string; exceljs: string } | undefined

let running = 0
const waiting: (() => void)[] = []

async function turn() {
  if (running >= MEMBER_FILE_PARSERS) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
}

function done() {
  running--
  waiting.shift()?.()
}

/**
 * The table the job's file holds. DomainError IMPORT_FILE_INVALID when the library fails on it, or
 * the worker runs out of its heap or its time; IMPORT_EMPTY or IMPORT_TOO_MANY_ROWS for a workbook
 * without a sheet or with too many rows.
 */
export async function parseInWorker(
  job: ParseJob,
  limits: Pick<MemberFileLimits, 'workerHeapMb' | 'workerTimeoutMs'>,
): Promise<string[][]> {
  modules ??= { csvParse: resolveModule('csv-parse/sync'), exceljs: resolveModule('exceljs') }
  await turn()
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const worker = new Worker(WORKER, {
        eval: true,
        workerData: { job, modules },
        resourceLimits: {
          maxOldGenerationSizeMb: limits.workerHeapMb,
          maxYoungGenerationSizeMb: Math.max(1, Math.floor(limits.workerHeapMb / 8)),
          stackSizeMb: 4,
        },
      })
      const timer = setTimeout(() => {
        reject(new DomainError('IMPORT_FILE_INVALID'))
        void worker.terminate()
      }, limits.workerTimeoutMs)
      worker.once('message', (message: Answer) => {
        clearTimeout(timer)
        resolve(message)
        void worker.terminate()
      })
      // Out of its heap (ERR_WORKER_OUT_OF_MEMORY), or an error outside the parse.
      worker.once('error', () => {
        clearTimeout(timer)
        reject(new DomainError('IMPORT_FILE_INVALID'))
      })
      worker.once('exit', () => {
        clearTimeout(timer)
        reject(new DomainError('IMPORT_FILE_INVALID'))
      })
    })
    if ('table' in answer) return answer.table
    throw answer.code === 'IMPORT_TOO_MANY_ROWS' && job.kind === 'xlsx'
      ? new DomainError(answer.code, { max: job.maxRows })
      : new DomainError(answer.code)
  } finally {
    done()
  }
}
