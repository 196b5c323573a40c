import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import { DomainError, messageKey } from '~/errors'
import type { ItemResult } from '~/services/audit.server'
import { AddCreatorsByEmailSchema, InviteFormSchema } from '~/services/invitations/invitations.schemas'
import { grantAttendancePermission, revokeAttendancePermission } from '~/services/members/attendance-permission.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { INVITATION_ROW_INTENTS } from '../invitation-intents.server'
import { GroupCreatorsBulkSchema, parseMemberListQuery } from '~/services/members/members.schemas'
import { addGroupCreatorsByEmail, removeGroupCreators } from '~/services/members/group-creators.server'
import { memberIdsMatching } from '~/services/members/members.server'
import { memberNames } from '~/services/item-names.server'
import { bulkToast, redirectWithToast } from '~/http/toast.server'
import { CONFIRM_NAMES, confirmationOf, resolveSelection, type BulkConfirmation } from '../bulk-selection.server'
import type { IntentArgs } from '../intent-args'
import { newCodeHeader } from './new-code.server'

/**
 * The forms of the group creators screen, one handler each; the route's action picks one by
 * `intent`. Success ends in a redirect with a toast; a form to show again (a confirmation step,
 * validation errors) is answered as GroupCreatorsActionData.
 */

export type GroupCreatorsActionData =
  | { intent: 'invite'; result: SubmissionResult<string[]> }
  | { intent: 'addCreators'; result: SubmissionResult<string[]> }
  | { intent: 'removeCreators' | 'revoke'; confirm: BulkConfirmation }
  | { intent: 'removeCreators' | 'grantAttendance' | 'revokeAttendance'; error: string }

const reply = (body: GroupCreatorsActionData, status = 200) => data(body, { status })

/** The toast of a bulk result of this screen, its members named (see bulkToast). */
const creatorsToast = (results: ItemResult[], done: string, names?: ReadonlyMap<string, string>) =>
  bulkToast(results, { done, partial: 'groupCreators.toast.partial' }, names)

/**
 * intent removeCreators: asks to confirm first (without JavaScript), then removes the rights of the
 * checked rows, or with `scope=matching` of every group creator the list's search matches.
 */
export async function removeCreators({ ctx, organizationId, form, url, here }: IntentArgs) {
  const submission = parseWithZod(form, { schema: GroupCreatorsBulkSchema })
  if (submission.status !== 'success') return reply({ intent: 'removeCreators', error: 'validation.tooLong' }, 400)
  const selection = await resolveSelection(submission.value, () =>
    memberIdsMatching(ctx, organizationId, { q: parseMemberListQuery(url).q, groupCreatorsOnly: true }),
  )
  if (selection.count === 0) return reply({ intent: 'removeCreators', error: 'groupCreators.remove.none' }, 400)
  if (!selection.confirmed) {
    const names = await memberNames(ctx, organizationId, selection.ids.slice(0, CONFIRM_NAMES))
    return reply({ intent: 'removeCreators', confirm: confirmationOf(selection, names) })
  }
  const names = await memberNames(ctx, organizationId, selection.ids)
  const results = await removeGroupCreators(ctx, organizationId, selection.ids)
  return redirectWithToast(here, creatorsToast(results, 'groupCreators.toast.removed', names))
}

/**
 * intents grantAttendance / revokeAttendance: the attendance permission (migration 011) of the
 * checked rows, or with `scope=matching` of every group creator the list's search matches. Not
 * destructive (it is given back as easily): no confirmation step.
 */
function setAttendance(grant: boolean) {
  const intent = grant ? 'grantAttendance' : 'revokeAttendance'
  return async ({ ctx, organizationId, form, url, here }: IntentArgs) => {
    const submission = parseWithZod(form, { schema: GroupCreatorsBulkSchema })
    if (submission.status !== 'success') return reply({ intent, error: 'validation.tooLong' }, 400)
    const selection = await resolveSelection(submission.value, () =>
      memberIdsMatching(ctx, organizationId, { q: parseMemberListQuery(url).q, groupCreatorsOnly: true }),
    )
    if (selection.count === 0) return reply({ intent, error: 'groupCreators.remove.none' }, 400)
    const names = await memberNames(ctx, organizationId, selection.ids)
    const results = await (grant ? grantAttendancePermission : revokeAttendancePermission)(ctx, organizationId, selection.ids)
    const done = grant ? 'groupCreators.toast.attendanceGranted' : 'groupCreators.toast.attendanceRevoked'
    return redirectWithToast(here, creatorsToast(results, done, names))
  }
}
export const grantAttendance = setAttendance(true)
export const revokeAttendance = setAttendance(false)

/** intent addCreators: members made group creators by email. */
export async function addCreators({ ctx, organizationId, form, here }: IntentArgs) {
  const submission = parseWithZod(form, { schema: AddCreatorsByEmailSchema })
  if (submission.status !== 'success') return reply({ intent: 'addCreators', result: submission.reply() }, 400)
  const results = await addGroupCreatorsByEmail(ctx, organizationId, submission.value.emails)
  // Named by member name; an address that is no member's by itself.
  const names = await memberNames(
    ctx,
    organizationId,
    results.map((r) => r._id),
  )
  return redirectWithToast(here, creatorsToast(results, 'groupCreators.toast.added', names))
}

/** intent invite: an email invitation (mailed) or an open one (its code shown once after the redirect). */
export async function invite({ ctx, organizationId, form, here }: IntentArgs) {
  const submission = parseWithZod(form, { schema: InviteFormSchema })
  if (submission.status !== 'success') return reply({ intent: 'invite', result: submission.reply() }, 400)
  try {
    const { invitation, code, resent } = await createInvitation(ctx, organizationId, { ...submission.value, groupCreator: true })
    if (invitation.type === 'email') {
      const key = resent ? 'invitations.toast.alreadyInvited' : 'invitations.toast.sent'
      return redirectWithToast(here, { key, values: { email: invitation.email! } })
    }
    const cookie = await newCodeHeader({ organizationId, invitationId: invitation._id, code, expires: invitation.expires })
    // No toast: the code's own panel, at the top of the page, is the message (NewCodePanel).
    return redirect(here, { headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 404) throw error
    return reply({ intent: 'invite', result: submission.reply({ formErrors: [messageKey(error.code)] }) }, error.status)
  }
}

/** The handler of each intent of the page. */
export const GROUP_CREATORS_INTENTS = { removeCreators, addCreators, invite, ...INVITATION_ROW_INTENTS, grantAttendance, revokeAttendance }
