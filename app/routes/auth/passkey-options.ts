import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { passkeySignInOptions } from '~/services/passkeys/authentication.server'
import { readForm } from '~/utils/form-body.server'
import { passkeyJson } from './passkey-json.server'

/**
 * POST /signin/passkey/options: the options of a passkey sign-in (JSON, for the browser's
 * navigator.credentials.get: the button and the autofill of /signin). A POST, since it keeps a
 * single-use challenge; answered to anyone (the passkey names its user), never cached.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request)
  const ctx = ctxFor(null, context)
  return passkeyJson(() => passkeySignInOptions(ctx))
}

export const loader = () => methodNotAllowed('POST')
