import type { Ctx } from '~/services/context.server'

/** What each form handler of a preferences screen gets from the route's action. */
export interface PrefsIntentArgs {
  ctx: Ctx
  userId: string
  form: FormData
  /** Where a success redirects: the screen itself. */
  here: string
  /** The id hash of the request's session (kept by "sign out everywhere else" and a password change). */
  currentSession: string | null
}
