import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { GroupKind } from '~/db/schema'
import { DomainError, messageKey } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { CreateGroupScreenSchema, memberRolesOf } from '~/services/groups/group-creation.schemas'
import { createGroupWithMembers } from '~/services/groups/group-with-members.server'
import { peopleByIds, searchPeople, type PersonChoice } from '~/services/members/people-search.server'
import { pickerSearchOf } from '~/ui/people-picker'
import { bulkToast, redirectWithToast } from '~/http/toast.server'

/** The pickers' people as the form showed them, and (without JavaScript) one picker's search. */
export interface CreatePeople {
  owner: PersonChoice[]
  members: PersonChoice[]
  search?: { name: string; query: string; found: PersonChoice[] }
}

/** What the create form shows again: validation errors, why the group was not created, or a search's matches. */
export type CreateActionData = { intent: 'create'; result: SubmissionResult<string[]>; people: CreatePeople }

export interface CreateIntentArgs {
  ctx: Ctx
  kind: GroupKind
  form: FormData
}

/** Where a new group is shown (the group's home, spec section 2). */
export const groupHomePath = (groupId: string) => `/groups/${encodeURIComponent(groupId)}/home`

const ids = (form: FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string')

/**
 * The people of the form again (its chosen owner and members), and with `find=<picker>` that
 * picker's matches: what the form needs to be shown again as it was sent.
 */
async function peopleOf(ctx: Ctx, form: FormData): Promise<CreatePeople> {
  const scope = { for: 'new-group' as const, organizationId: String(form.get('organizationId') ?? '') }
  if (!scope.organizationId) return { owner: [], members: [] }
  const [owner, members] = await Promise.all([
    peopleByIds(ctx, scope, ids(form, 'ownerId')),
    peopleByIds(ctx, scope, ids(form, 'memberIds')),
  ])
  const search = pickerSearchOf(form)
  if (search?.name !== 'ownerId' && search?.name !== 'memberIds') return { owner, members }
  return { owner, members, search: { ...search, found: await searchPeople(ctx, scope, search.query) } }
}

/**
 * intent create: the group with its owner and members chosen with the people picker, each member
 * with the role chosen beside them, then the new group's home with the per-member results as a
 * toast: how many were added, and who was not, with why. With `find` (the picker's search button
 * without JavaScript) nothing is created: the form comes back as sent, with the matches.
 */
export async function create({ ctx, kind, form }: CreateIntentArgs) {
  const submission = parseWithZod(form, { schema: CreateGroupScreenSchema })
  const answer = async (result: SubmissionResult<string[]>, status = 400) => {
    const people = await peopleOf(ctx, form).catch((error) => {
      if (error instanceof DomainError && error.status < 500) return { owner: [], members: [] }
      throw error
    })
    return data<CreateActionData>({ intent: 'create', result, people }, { status })
  }
  if (pickerSearchOf(form)) {
    const error: Record<string, string[]> = submission.payload.organizationId ? {} : { organizationId: ['validation.required'] }
    return answer({ initialValue: submission.payload as never, error }, 200)
  }
  if (submission.status !== 'success') return answer(submission.reply())
  const { organizationId, name, ownerId, memberIds } = submission.value
  const memberIdsWithRoles = memberRolesOf(form, memberIds)
  try {
    const chosen = await peopleByIds(ctx, { for: 'new-group', organizationId }, memberIds)
    const { group, membersResults } = await createGroupWithMembers(ctx, organizationId, {
      name,
      kind,
      groupOwnerId: ownerId,
      memberIdsWithRoles,
    })
    const to = groupHomePath(group._id)
    const failed = membersResults.filter((r) => r.result !== 'SUCCESS')
    const values = { name: group.name, succeeded: String(membersResults.length - failed.length), total: String(membersResults.length) }
    if (membersResults.length === 0) return redirectWithToast(to, { key: 'groupCreated.alone', values: { name: group.name } })
    if (failed.length === 0) return redirectWithToast(to, { key: 'groupCreated.done', values })
    // Each member not added by name, beside why (the members added are on the group's page).
    const names = new Map(chosen.map((p) => [p._id, p.name]))
    const keys = { done: 'groupCreated.done', partial: 'groupCreated.partial' }
    return redirectWithToast(to, { ...bulkToast(membersResults, keys, names, { name: group.name }), type: 'error' })
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error
    if (error.code === 'OWNER_NOT_MEMBER') return answer(submission.reply({ fieldErrors: { ownerId: [messageKey(error.code)] } }))
    // Not (or no longer) allowed in that organization, or it was deactivated meanwhile.
    return answer(submission.reply({ formErrors: [messageKey(error.code)] }), error.status)
  }
}

export const CREATE_INTENTS = { create }
