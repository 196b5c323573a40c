import type { ActionFunctionArgs } from '@remix-run/node'
import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { resendVerification } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/verify-email/resend: the same answer whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    await resendVerification(ctxFor(null, context), (await readJson(request, EmailOnlySchema)).email)
    return {}
  })
}
