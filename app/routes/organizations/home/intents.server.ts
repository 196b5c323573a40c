import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { DomainError } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { CreateDirectoryTokenSchema, DirectoryOwnerSchema, RevokeDirectoryTokenSchema } from '~/services/directory/directory.schemas'
import { setDirectoryGroupOwner } from '~/services/directory/settings.server'
import { createDirectoryToken, revokeDirectoryToken } from '~/services/directory/tokens.server'
import {
  OrganizationContactSchema,
  RenameOrganizationSchema,
  SetOrganizationActiveSchema,
  TwoStepPolicySchema,
} from '~/services/organizations/organizations.schemas'
import { setTwoStepPolicy } from '~/services/organizations/organization-policy.server'
import { setRetentionPolicy } from '~/services/organizations/retention-policy.server'
import { RetentionPolicySchema } from '~/services/group-work/retention.schemas'
import { renameOrganization, setOrganizationActive, updateOrganizationContact } from '~/services/organizations/organizations.server'
import { redirectWithToast } from '~/http/toast.server'
import type { IntentArgs } from '../intent-args'
import { ORGANIZATION_SCREEN } from '../org-not-found.server'

/**
 * The forms of the organization home, one handler each; the route's action picks one by
 * `intent`. Success ends in a redirect with a toast; a form to show again (validation errors, the
 * confirmation step) is answered as HomeActionData.
 */

export type HomeActionData =
  | { intent: 'rename' | 'contact'; result: SubmissionResult<string[]> }
  | { intent: 'active'; confirm: { active: boolean } }
  | { intent: 'directoryToken'; result: SubmissionResult<string[]>; created?: { name: string; token: string } }
  | { intent: 'directoryRevoke'; confirm: { tokenId: string; name: string } }
  | { intent: 'twoStepPolicy' | 'retentionPolicy'; result: SubmissionResult<string[]> }
  | { intent: null; result: null }

const reply = (body: HomeActionData, status = 200) => data<HomeActionData>(body, { status })

/** A failed save is "Could not update organizations." with "Try again?" (spec section 8). */
const update = <T>(call: () => Promise<T>) => routeCall(call, { ...ORGANIZATION_SCREEN, failure: 'organizations.updateError' })

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

/**
 * intent directoryToken: makes a directory token and shows its secret on the answer itself, once
 * (never in a redirect's toast cookie); reloading the page does not show it again.
 */
export async function directoryToken({ ctx, organizationId, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: CreateDirectoryTokenSchema })
  if (submission.status !== 'success') return reply({ intent: 'directoryToken', result: submission.reply() }, 400)
  const created = await update(() => createDirectoryToken(ctx, organizationId, submission.value.name))
  return data<HomeActionData>(
    { intent: 'directoryToken', result: submission.reply({ resetForm: true }), created: { name: created.name, token: created.token } },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** intent directoryRevoke: asks to confirm first (without JavaScript), then revokes the token. */
export async function directoryRevoke({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: RevokeDirectoryTokenSchema })
  if (submission.status !== 'success') return reply({ intent: null, result: null }, 400)
  const { tokenId, name, confirmed } = submission.value
  if (!confirmed) return reply({ intent: 'directoryRevoke', confirm: { tokenId, name: name ?? '' } })
  await update(() => revokeDirectoryToken(ctx, organizationId, tokenId))
  return redirectWithToast(url.pathname, { key: 'orgHome.directory.revoked' })
}

/** intent directoryOwner: the admin who owns the groups the directory creates. */
export async function directoryOwner({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: DirectoryOwnerSchema })
  if (submission.status !== 'success') return reply({ intent: null, result: null }, 400)
  // Someone who is not (or no longer) an admin here: the form is answered 400, nothing changes.
  const notAdmin = await update(() =>
    setDirectoryGroupOwner(ctx, organizationId, submission.value.userId).then(
      () => false,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'MEMBER_NOT_FOUND') return true
        throw error
      },
    ),
  )
  if (notAdmin) return reply({ intent: null, result: null }, 400)
  return redirectWithToast(url.pathname, { key: 'orgHome.directory.ownerSaved' })
}

/**
 * intent twoStepPolicy: who must have two-step verification or a passkey. Turning it on without
 * meeting it oneself is refused on the form (the admin would lock themselves out), nothing changed.
 */
export async function twoStepPolicy({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: TwoStepPolicySchema })
  if (submission.status !== 'success') return reply({ intent: 'twoStepPolicy', result: submission.reply() }, 400)
  const selfFirst = await update(() =>
    setTwoStepPolicy(ctx, organizationId, submission.value.policy).then(
      () => false,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'STRONG_AUTH_REQUIRED') return true
        throw error
      },
    ),
  )
  if (selfFirst)
    return reply({ intent: 'twoStepPolicy', result: submission.reply({ formErrors: ['orgHome.twoStepPolicy.selfFirst'] }) }, 409)
  return redirectWithToast(url.pathname, { key: 'orgHome.twoStepPolicy.saved' })
}

/**
 * intent retentionPolicy: the period new groups start with and the longest any group may have; a
 * lower maximum shortens the groups over it at once (the toast says how many).
 */
export async function retentionPolicy({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: RetentionPolicySchema })
  if (submission.status !== 'success') return reply({ intent: 'retentionPolicy', result: submission.reply() }, 400)
  const { groupsShortened } = await update(() => setRetentionPolicy(ctx, organizationId, submission.value))
  return redirectWithToast(
    `${url.pathname}#retention-policy`,
    groupsShortened
      ? { key: 'orgHome.retention.savedShortened', values: { groups: String(groupsShortened) } }
      : { key: 'orgHome.retention.saved' },
  )
}

/** The handler of each intent of the page. */
export const HOME_INTENTS = { rename, contact, active, directoryToken, directoryRevoke, directoryOwner, twoStepPolicy, retentionPolicy }
