import type { ActionFunctionArgs } from '@remix-run/node'
import { SignUpPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { signUp } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/v2/users: sign-up; a verification email follows. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    const { preferences, ...rest } = await readJson(request, SignUpPayload)
    await signUp(ctxFor(null, context), { ...rest, ...preferences })
    return {}
  }, { status: 201 })
}
