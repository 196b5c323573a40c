import { getUser } from '~/auth/guards.server'
import { MAX_BATCH_BYTES } from '~/utils/telemetry-rules'
import { ctxFor } from '~/services/context.server'
import { TelemetryBatchSchema } from '~/services/platform/telemetry.schemas'
import { recordTelemetry } from '~/services/platform/telemetry.server'
import { apiCall, apiRoute, readJson } from './api.server'

const route = apiRoute({
  /**
   * POST /api/telemetry: a batch of web vitals and errors (browser/telemetry.ts). JSON, or JSON as
   * text/plain (a beacon), at most 64 KiB; 204 when stored. Anyone may send (signed-out pages are
   * measured too), rate-limited per client; a user who opted out gets 403. A passive request.
   */
  POST: ({ request, context }) =>
    apiCall(async () => {
      const ctx = ctxFor(await getUser(context), context)
      const batch = await readJson(request, TelemetryBatchSchema, { maxBytes: MAX_BATCH_BYTES, acceptTextPlain: true })
      await recordTelemetry(ctx, batch)
      return new Response(null, { status: 204 })
    }),
})

export const loader = route.loader
export const action = route.action
