import type { AppLoadContext } from '@remix-run/node'
import { sessionOf } from '~/auth/guards.server'
import { endSsoSession } from '~/auth/sso/token-store.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'

/**
 * Sign-out of an SSO session (spec section 4): revoke the refresh token where the provider allows
 * (token-store.server.ts), then the provider's end-session URL, which returns the browser to
 * /signin; null when it has none (a local log-off). Own-credential sessions have nothing to end.
 */
export async function endProviderSession(context: AppLoadContext) {
  const state = await sessionOf(context)
  if (state.status !== 'active') return { endSessionUrl: null }
  return endSsoSession(db(), state.idHash, `${env().APP_URL}/signin?notice=signedOut`)
}
