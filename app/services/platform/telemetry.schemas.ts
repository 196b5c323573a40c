import { z } from 'zod'
import { BATCH_LIMIT, ERROR_NAMES, MAX_MESSAGE_CHARS, MAX_ROUTE_CHARS, VITAL_NAMES } from '~/utils/telemetry-rules'

const route = z.string().min(1).max(MAX_ROUTE_CHARS).startsWith('/')

/** One event; a vital's value is bounded (an hour in ms; CLS is far below). */
export const TelemetryEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vital'), name: z.enum(VITAL_NAMES), route, value: z.number().finite().min(0).max(3_600_000) }),
  z.object({ kind: z.literal('error'), name: z.enum(ERROR_NAMES), route, message: z.string().max(MAX_MESSAGE_CHARS) }),
])

/** POST /api/telemetry (utils/telemetry-rules.ts TelemetryBatch). */
export const TelemetryBatchSchema = z.object({
  appVersion: z.string().min(1).max(100),
  events: z.array(TelemetryEventSchema).min(1).max(BATCH_LIMIT),
})

/** The opt-out toggle of the preferences page. */
export const TelemetryOptOutSchema = z.object({ optOut: z.boolean() })
