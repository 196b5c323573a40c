import type { ActionFunctionArgs } from '@remix-run/node'
import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { requestPasswordReset } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/password-reset/forgot-password: the same answer whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    const { email } = await readJson(request, EmailOnlySchema)
    await requestPasswordReset(ctxFor(null, context), email)
    return {}
  })
}
