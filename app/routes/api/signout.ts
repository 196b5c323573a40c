import type { ActionFunctionArgs } from '@remix-run/node'
import { sessionOf } from '~/auth/guards.server'
import { destroySession } from '~/auth/session.server'
import { db } from '~/db/db.server'

/** POST /api/signout: revokes the session; without one, 401 (which counts as signed out). */
export async function action({ request, context }: ActionFunctionArgs) {
  const active = (await sessionOf(context)).status === 'active'
  const cookie = await destroySession(db(), request)
  const headers = { 'Set-Cookie': cookie }
  if (!active) return Response.json({ message: 'SESSION_NOT_FOUND' }, { status: 401, headers })
  return Response.json({}, { headers })
}
