import { z } from 'zod'
import { MAX_ID_LENGTH } from './bulk.schemas'

/** The "retry now" button of one row of /platform/mail. */
export const RetryMailSchema = z.object({ id: z.string().min(1).max(MAX_ID_LENGTH) })
