import { z } from 'zod'

/** The export's file formats (docs/group-work.md "Export"). */
export const LOOP_EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type LoopExportFormat = (typeof LOOP_EXPORT_FORMATS)[number]

/**
 * The export's query (the Loops tab's GET form and the API's `?format=&text=`): the format, and
 * whether the loops' text goes with them (the form's checkbox sends `1`; off unless asked for).
 */
export const LoopExportQuerySchema = z
  .object({
    format: z.enum(LOOP_EXPORT_FORMATS, { errorMap: () => ({ message: 'loops.export.badFormat' }) }),
    text: z.enum(['1', '0', 'true', 'false']).optional(),
  })
  .transform(({ format, text }) => ({ format, withText: text === '1' || text === 'true' }))
