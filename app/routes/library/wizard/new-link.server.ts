import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env, isSecureOrigin } from '~/env.server'

/**
 * The URL of a new share link, carried across the redirect after creating it (like the toast),
 * shown once on step 4 and cleared: tokens are stored hashed, so this is the only time it can be
 * shown, and a reload never creates another link.
 */
const NewLinkSchema = z.object({ packageId: z.string(), url: z.string() })

const newLinkCookie = createCookie('new-share-link', {
  path: '/library',
  httpOnly: true,
  sameSite: 'lax',
  secure: isSecureOrigin(),
  maxAge: 120,
  secrets: env().SESSION_SECRETS,
})

export const newLinkHeader = (packageId: string, url: string) => newLinkCookie.serialize({ packageId, url })

/** The new link of this package, if any, and the Set-Cookie header that clears it. */
export async function takeNewLink(request: Request, packageId: string) {
  const parsed = NewLinkSchema.safeParse(await newLinkCookie.parse(request.headers.get('Cookie')))
  if (!parsed.success) return { newLink: null, clear: null }
  const clear = await newLinkCookie.serialize('', { maxAge: 0 })
  return { newLink: parsed.data.packageId === packageId ? parsed.data.url : null, clear }
}
