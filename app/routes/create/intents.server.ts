import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { GroupKind } from '~/db/schema'
import { DomainError, messageKey } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { CreateGroupScreenSchema } from '~/services/group-creation.schemas'
import { createGroupWithMemberEmails } from '~/services/group-with-members.server'
import { bulkToast, redirectWithToast } from '~/ui/toast.server'

/** What the create form shows again: validation errors, or why the group was not created. */
export type CreateActionData = { intent: 'create'; result: SubmissionResult<string[]> }

export interface CreateIntentArgs {
  ctx: Ctx
  kind: GroupKind
  form: FormData
}

/** Where a new group is shown (the group's home, spec section 2). */
export const groupHomePath = (groupId: string) => `/groups/${encodeURIComponent(groupId)}/home`

/**
 * intent create: the group with its owner and members (by email, resolved to members of the chosen
 * organization: the same service as the organization's groups screen and the create-group API),
 * then the new group's home with the per-member results as a toast: how many were added, and
 * which addresses were not, with why.
 */
export async function create({ ctx, kind, form }: CreateIntentArgs) {
  const submission = parseWithZod(form, { schema: CreateGroupScreenSchema })
  const reply = (result: SubmissionResult<string[]>, status = 400) => data<CreateActionData>({ intent: 'create', result }, { status })
  if (submission.status !== 'success') return reply(submission.reply())
  const { organizationId, ...input } = submission.value
  try {
    const { group, membersResults } = await createGroupWithMemberEmails(ctx, organizationId, { ...input, kind })
    const to = groupHomePath(group._id)
    const failed = membersResults.filter((r) => r.result !== 'SUCCESS')
    const values = { name: group.name, succeeded: String(membersResults.length - failed.length), total: String(membersResults.length) }
    if (membersResults.length === 0) return redirectWithToast(to, { key: 'groupCreated.alone', values: { name: group.name } })
    if (failed.length === 0) return redirectWithToast(to, { key: 'groupCreated.done', values })
    // Each member not added by the address typed, beside why (the members added are on the group's page).
    const addresses = new Map(failed.map((r) => [r._id, r.email || r._id]))
    const keys = { done: 'groupCreated.done', partial: 'groupCreated.partial' }
    return redirectWithToast(to, { ...bulkToast(membersResults, keys, addresses, { name: group.name }), type: 'error' })
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error
    if (error.code === 'OWNER_NOT_MEMBER') return reply(submission.reply({ fieldErrors: { ownerEmail: [messageKey(error.code)] } }))
    // Not (or no longer) allowed in that organization, or it was deactivated meanwhile.
    return reply(submission.reply({ formErrors: [messageKey(error.code)] }), error.status)
  }
}

export const CREATE_INTENTS = { create }
