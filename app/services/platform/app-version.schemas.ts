import { z } from 'zod'

/** POST /api/app-report/check-version: the build id the page runs (spec section 7's appVersion). */
export const CheckVersionSchema = z.object({ appVersion: z.string().min(1).max(100) })
