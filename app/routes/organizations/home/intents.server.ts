import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { OrganizationContactSchema, RenameOrganizationSchema, SetOrganizationActiveSchema } from '~/services/organizations.schemas'
import { renameOrganization, setOrganizationActive, updateOrganizationContact } from '~/services/organizations.server'
import { orRouteFailure } from '~/ui/route-failure.server'
import { redirectWithToast } from '~/ui/toast.server'
import type { IntentArgs } from '../intent-args'
import { orNotFound } from '../org-not-found.server'

/**
 * The forms of the organization home, one handler each; the route's action picks one by
 * `intent`. Success ends in a redirect with a toast; a form to show again (validation errors, the
 * confirmation step) is answered as HomeActionData.
 */

export type HomeActionData =
  | { intent: 'rename' | 'contact'; result: SubmissionResult<string[]> }
  | { intent: 'active'; confirm: { active: boolean } }
  | { intent: null; result: null }

const reply = (body: HomeActionData, status = 200) => data<HomeActionData>(body, { status })

/** A failed save is "Could not update organizations." with "Try again?" (spec section 8). */
const update = <T>(call: () => Promise<T>) => orRouteFailure('organizations.updateError', () => orNotFound(call))

/** intent rename */
export async function rename({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: RenameOrganizationSchema })
  if (submission.status !== 'success') return reply({ intent: 'rename', result: submission.reply() }, 400)
  await update(() => renameOrganization(ctx, organizationId, submission.value.name))
  return redirectWithToast(url.pathname, { key: 'orgHome.name.saved' })
}

/** intent contact */
export async function contact({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: OrganizationContactSchema })
  if (submission.status !== 'success') return reply({ intent: 'contact', result: submission.reply() }, 400)
  const { intent: _, ...value } = submission.value
  await update(() => updateOrganizationContact(ctx, organizationId, value))
  return redirectWithToast(url.pathname, { key: 'orgHome.contact.saved' })
}

/** intent active: asks to confirm first (without JavaScript), then sets the active flag. */
export async function active({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: SetOrganizationActiveSchema })
  if (submission.status !== 'success') return reply({ intent: null, result: null }, 400)
  const { active, confirmed } = submission.value
  // Without JavaScript there is no dialog: the server asks for the confirmation step.
  if (!confirmed) return reply({ intent: 'active', confirm: { active } })
  // Spec section 4: the toggle also clears the organization's cached groups and members. Every
  // page here is rendered on the server from the database, so there is no client cache to clear.
  await update(() => setOrganizationActive(ctx, organizationId, active))
  return redirectWithToast(url.pathname, { key: active ? 'orgHome.status.activated' : 'orgHome.status.deactivated' })
}

/** The handler of each intent of the page. */
export const HOME_INTENTS = { rename, contact, active }
