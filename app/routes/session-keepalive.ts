import type { ActionFunctionArgs } from '@remix-run/node'
import { sessionOf } from '~/auth/guards.server'
import { touchSession } from '~/auth/session.server'
import { db } from '~/db/db.server'

/** "Stay signed in" of the idle dialog: marks the session as used now. */
export async function action({ context }: ActionFunctionArgs) {
  const session = await sessionOf(context)
  if (session.status !== 'active') return Response.json({ message: 'SESSION_NOT_FOUND' }, { status: 401 })
  await touchSession(db(), session.idHash)
  return new Response(null, { status: 204 })
}
