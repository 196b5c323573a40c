import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { methodNotAllowed } from '~/errors'
import { passkeyJson } from '~/routes/auth/passkey-json.server'
import { ctxFor } from '~/services/context.server'
import { passkeyRegistrationOptions } from '~/services/passkeys/registration.server'
import { readForm } from '~/utils/form-body.server'
import { userIdOf } from '../../user-id'

/**
 * POST /users/:id/preferences/security/passkeys/options: the options of adding a passkey (JSON,
 * for navigator.credentials.create). The owner only: another user's id is USER_NOT_FOUND (404).
 * The answer goes back with a name to the security screen's action (intent passkey-add).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  await readForm(request)
  const ctx = ctxFor(actor, context)
  return passkeyJson(() => passkeyRegistrationOptions(ctx, userIdOf(params)))
}

export const loader = () => methodNotAllowed('POST')
