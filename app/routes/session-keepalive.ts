import type { ActionFunctionArgs } from '@remix-run/node'
import { sessionOf } from '~/auth/guards.server'
import { touchSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { errorResponse, methodNotAllowed } from '~/errors'
import { readForm } from '~/utils/form-body.server'
import { renewIfDue } from '~/auth/sso/token-store.server'

/** "Stay signed in" of the idle dialog: marks the session as used now (a POST; it carries no fields). */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request)
  const session = await sessionOf(context)
  if (session.status !== 'active') return errorResponse('SESSION_NOT_FOUND')
  await touchSession(db(), session.idHash)
  // An SSO session's provider tokens are renewed here when due (docs/sso.md, "Token renewal").
  await renewIfDue(db(), session.idHash)
  return new Response(null, { status: 204 })
}

export const loader = () => methodNotAllowed('POST')
