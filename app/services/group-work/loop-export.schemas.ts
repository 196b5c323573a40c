import { z } from 'zod'
import { LOOP_EXPORT_FORMATS } from '~/utils/group-work-limits'

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
