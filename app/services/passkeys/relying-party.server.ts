import { env } from '~/env.server'

/**
 * The relying party of every passkey ceremony, from APP_URL (validated at start, app/env.server.ts):
 * its host name is the RP id (a passkey is bound to it; "localhost" for the browser tests) and
 * its origin the only origin a response may come from. Changing APP_URL's host makes every
 * registered passkey useless (they are bound to the old RP id).
 */
export interface RelyingParty {
  id: string
  origin: string
  name: string
}

export const RP_NAME = 'Groups'

export function relyingParty(appUrl = env().APP_URL): RelyingParty {
  const url = new URL(appUrl)
  return { id: url.hostname, origin: url.origin, name: RP_NAME }
}
