import { redirect } from '@remix-run/node'
import { clearFlow, clearPending } from '~/auth/sso/cookies.server'
import type { DomainError } from '~/errors'

/**
 * A failed round trip ends on /signin with the reason (section 8: a clear, translated message),
 * the post-SSO parameters kept, and nothing half-made: the flow and any pending sign-up are cleared.
 */
export async function failurePage(error: DomainError, provider: string) {
  const params = new URLSearchParams({ ssoError: error.code, provider })
  const post = error.data.post as { redirectTo?: string } | undefined
  if (post?.redirectTo) params.set('redirectTo', post.redirectTo)
  const headers = new Headers()
  headers.append('Set-Cookie', await clearFlow())
  headers.append('Set-Cookie', await clearPending())
  return redirect(`/signin?${params}`, { headers })
}
