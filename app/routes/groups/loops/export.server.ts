import type { Locale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import type { Ctx } from '~/services/context.server'
import { loopExport, type LoopExportRow } from '~/services/group-work/loop-export.server'
import type { LoopExportFormat } from '~/utils/group-work-limits'
import { csvDateTime, csvFormatFor, localParts } from '~/utils/csv'
import { downloadResponse } from '~/utils/csv-response.server'
import { csvStream, sheetDateTime, xlsxStream, type SheetCell } from '~/utils/spreadsheet-stream.server'

async function* mapBatches<T, U>(batches: AsyncGenerator<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map)
}

/**
 * The group's loops as a download (docs/group-work.md "Export"), for the screen's
 * /groups/:groupId/loops/export and the API's GET …/loops/export: the column titles, words and
 * delimiter of the user's language, times in their time zone; CSV by the rules of app/utils/csv.ts
 * (the member list's), or an .xlsx workbook; streamed either way.
 */
export async function loopExportResponse(
  ctx: Ctx,
  groupId: string,
  query: { format: LoopExportFormat; withText: boolean },
  { locale, timeZone }: { locale: Locale; timeZone: string },
) {
  const t = tFor(locale)
  const { groupName, batches } = await loopExport(ctx, groupId, query)
  const headers = [
    t('loops.export.columns.task'),
    t('loops.export.columns.author'),
    t('loops.export.columns.date'),
    t('loops.export.columns.emotion'),
    t('loops.export.columns.tags'),
    t('loops.export.columns.approval'),
    t('loops.export.columns.comments'),
    ...(query.withText ? [t('loops.export.columns.text')] : []),
  ]
  const free = t('loops.export.freeLoop')
  const approval = (row: LoopExportRow) =>
    row.task === null ? '' : row.approved ? t('loops.export.approved') : t('loops.export.notApproved')
  const today = csvDateTime(ctx.now.toISOString(), timeZone).slice(0, 10)
  const base = `${t('loops.export.fileName')} ${groupName} ${today}`
  const textOf = (row: LoopExportRow) => (query.withText ? [row.text ?? ''] : [])
  if (query.format === 'csv') {
    const cells = (row: LoopExportRow) => [
      row.task ?? free,
      row.author,
      csvDateTime(row.created, timeZone),
      String(row.emotion),
      row.tags.join(', '),
      approval(row),
      String(row.comments),
      ...textOf(row),
    ]
    return downloadResponse(csvStream(headers, mapBatches(batches, cells), csvFormatFor(locale, timeZone)), base, 'csv')
  }
  const cells = (row: LoopExportRow): SheetCell[] => [
    row.task ?? free,
    row.author,
    sheetDateTime(localParts(row.created, timeZone)),
    row.emotion,
    row.tags.join(', '),
    approval(row),
    row.comments,
    ...textOf(row),
  ]
  const widths = [36, 24, 17, 10, 28, 14, 10, 80]
  const columns = headers.map((header, i) => ({ header, width: widths[i], numFmt: i === 2 ? 'yyyy-mm-dd hh:mm' : undefined }))
  return downloadResponse(xlsxStream(t('loops.export.sheet'), columns, mapBatches(batches, cells)), base, 'xlsx')
}
