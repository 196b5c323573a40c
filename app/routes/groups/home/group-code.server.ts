import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env, isSecureOrigin } from '~/env.server'

/**
 * The code of a group's new open invitation, carried across the redirect after creating it (like
 * the toast), shown once on the group's home and cleared: codes are stored hashed, so this is the
 * only time it can be shown, and a reload never creates another one.
 */
const GroupCodeSchema = z.object({ groupId: z.string(), code: z.string(), expires: z.string() })
export type GroupCode = z.infer<typeof GroupCodeSchema>

const groupCodeCookie = createCookie('new-group-code', {
  path: '/groups',
  httpOnly: true,
  sameSite: 'lax',
  secure: isSecureOrigin(),
  maxAge: 120,
  secrets: env().SESSION_SECRETS,
})

export const groupCodeHeader = (value: GroupCode) => groupCodeCookie.serialize(value)

/** The new code of this group, if any, and the Set-Cookie header that clears it. */
export async function takeGroupCode(request: Request, groupId: string) {
  const parsed = GroupCodeSchema.safeParse(await groupCodeCookie.parse(request.headers.get('Cookie')))
  if (!parsed.success) return { code: null, clear: null }
  return { code: parsed.data.groupId === groupId ? parsed.data : null, clear: await groupCodeCookie.serialize('', { maxAge: 0 }) }
}
