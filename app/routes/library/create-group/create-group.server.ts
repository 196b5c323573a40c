import { data } from '@remix-run/node'
import { z } from 'zod'
import { DomainError } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { MAX_MEMBER_LINES, parseMemberLines } from '~/services/groups/groups.schemas'
import { createGroupFromPackage } from '~/services/library/group-tasks.server'
import { CreateGroupFromPackageSchema, TASK_GROUP_ROLES } from '~/services/library/packages.schemas'
import { bulkToast, redirectWithToast } from '~/http/toast.server'
import { fieldErrorsOf } from '../wizard/form-errors'

export interface CreateGroupTyped {
  organizationId: string
  name: string
  members: string
  mapping: Record<string, string>
}

export type CreateGroupActionData = { typed: CreateGroupTyped; errors: Record<string, string[]> }

const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '')

/** The role mapping rows of the form: `roles[i].id` and `roles[i].groupRole` (ids may start with a digit, so they are no field names). */
function mappingOf(form: FormData) {
  const mapping: Record<string, string> = {}
  for (let i = 0; i < 20; i++) {
    const id = form.get(`roles[${i}].id`)
    if (typeof id !== 'string') break
    mapping[id] = str(form.get(`roles[${i}].groupRole`))
  }
  return mapping
}

/**
 * Creates the group from the package: the members textarea read as on the groups screen (an
 * email, then optionally a comma and a role word); the group's page opens next.
 */
export async function createGroupIntent(ctx: Ctx, packageId: string, form: FormData) {
  const typed: CreateGroupTyped = {
    organizationId: str(form.get('organizationId')),
    name: str(form.get('name')),
    members: str(form.get('members')),
    mapping: mappingOf(form),
  }
  const { members, badLines } = parseMemberLines(typed.members.slice(0, 200_000))
  const errors: Record<string, string[]> = {}
  if (badLines.length) errors.members = ['library.createGroup.badLines']
  if (members.length > MAX_MEMBER_LINES) errors.members = ['library.createGroup.tooManyMembers']
  const roleMapping = Object.fromEntries(
    Object.entries(typed.mapping).filter(([, role]) => (TASK_GROUP_ROLES as readonly string[]).includes(role)),
  )
  const parsed = CreateGroupFromPackageSchema.safeParse({
    packageId,
    organizationId: typed.organizationId,
    name: typed.name,
    members,
    roleMapping,
  })
  if (!parsed.success || Object.keys(errors).length) {
    const all = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error as z.ZodError)), ...errors }
    return data<CreateGroupActionData>({ typed, errors: all }, { status: 400 })
  }
  try {
    const { groupId, membersResults } = await createGroupFromPackage(ctx, parsed.data)
    const failed = membersResults.filter((r) => r.result !== 'SUCCESS')
    const to = `/groups/${encodeURIComponent(groupId)}/home`
    if (failed.length === 0) return redirectWithToast(to, { key: 'library.createGroup.created', values: { name: parsed.data.name } })
    // Each member not added by the address typed, beside why.
    const addresses = new Map(failed.map((r) => [r._id, r.email || r._id]))
    const keys = { done: 'library.createGroup.created', partial: 'library.createGroup.partial' }
    return redirectWithToast(to, bulkToast(membersResults, keys, addresses, { name: parsed.data.name }))
  } catch (error) {
    if (!(error instanceof DomainError) || !['ORGANIZATION_NOT_FOUND', 'ORGANIZATION_INACTIVE', 'OWNER_NOT_MEMBER'].includes(error.code))
      throw error
    return data<CreateGroupActionData>({ typed, errors: { organizationId: [`errors.${error.code}`] } }, { status: error.status })
  }
}
