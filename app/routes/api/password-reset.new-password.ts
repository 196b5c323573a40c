import type { ActionFunctionArgs } from '@remix-run/node'
import { NewPasswordPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { resetPassword } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/password-reset/new-password: sets the password and revokes every session. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    await resetPassword(ctxFor(null, context), await readJson(request, NewPasswordPayload))
    return {}
  })
}
