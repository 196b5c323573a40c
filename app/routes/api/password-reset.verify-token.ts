import type { ActionFunctionArgs } from '@remix-run/node'
import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { checkPasswordResetToken } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/password-reset/verify-token: is the reset token still good? (does not use it) */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => checkPasswordResetToken(ctxFor(null, context), (await readJson(request, TokenPayload)).token))
}
