import { z } from 'zod'

/** POST /api/v2/signin/second-factor: the token of SECOND_FACTOR_REQUIRED and a code. */
export const SecondFactorPayload = z.object({ token: z.string().min(1).max(200), code: z.string().trim().min(1).max(32) })
