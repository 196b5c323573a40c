import type { Ctx } from '~/services/context.server'

/** What each form handler (intents.server.ts) of an organization screen gets from the route's action. */
export interface IntentArgs {
  ctx: Ctx
  organizationId: string
  form: FormData
  /** The screen's URL: its search and filters ("all matching"), and `here`, where a success redirects. */
  url: URL
  here: string
}
