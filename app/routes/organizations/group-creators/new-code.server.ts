import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env, isSecureOrigin } from '~/env.server'

/**
 * The code of a new open invitation, carried across the redirect after creating it (like the
 * toast), shown once on the next page and cleared: codes are stored hashed, so this is the only
 * time it can be shown, and a reload never creates another invitation.
 */
const NewCodeSchema = z.object({ organizationId: z.string(), invitationId: z.string(), code: z.string(), expires: z.string() })
export type NewCode = z.infer<typeof NewCodeSchema>

const newCodeCookie = createCookie('new-invitation-code', {
  path: '/organizations',
  httpOnly: true,
  sameSite: 'lax',
  secure: isSecureOrigin(),
  maxAge: 120,
  secrets: env().SESSION_SECRETS,
})

export const newCodeHeader = (value: NewCode) => newCodeCookie.serialize(value)

/** The new code for this organization, if any, and the Set-Cookie header that clears it. */
export async function takeNewCode(request: Request, organizationId: string) {
  const raw = await newCodeCookie.parse(request.headers.get('Cookie'))
  const parsed = NewCodeSchema.safeParse(raw)
  if (!parsed.success) return { newCode: null, clear: null }
  const clear = await newCodeCookie.serialize('', { maxAge: 0 })
  return { newCode: parsed.data.organizationId === organizationId ? parsed.data : null, clear }
}
