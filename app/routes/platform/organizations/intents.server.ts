import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { DomainError, messageKey } from '~/errors'
import type { Ctx } from '~/services/context.server'
import {
  addPlatformOrganizationAdmin,
  removePlatformOrganizationAdmin,
  renamePlatformOrganization,
  setPlatformOrganizationActive,
} from '~/services/platform/platform-organizations.server'
import {
  AddPlatformAdminSchema,
  RemovePlatformAdminSchema,
  RenamePlatformOrganizationSchema,
  SetPlatformOrganizationActiveSchema,
} from '~/services/platform/platform.schemas'
import { redirectWithToast } from '~/http/toast.server'

/**
 * The forms of /platform/organizations/:id, one handler each. Success ends in a redirect with a
 * toast; a refused change (the last admin, an unknown account) is said where it was asked.
 * Deactivating and removing an admin ask to confirm first (without JavaScript, as a step).
 */
export type DetailActionData =
  | { intent: 'rename' | 'addAdmin'; result: SubmissionResult<string[]> }
  | { intent: 'active'; confirm: { active: boolean } }
  | { intent: 'removeAdmin'; confirm: { email: string } }
  | { intent: 'removeAdmin'; error: string }

export interface DetailIntentArgs {
  ctx: Ctx
  organizationId: string
  form: FormData
  here: string
}

const reply = (body: DetailActionData, status = 200) => data<DetailActionData>(body, { status })

/** A refusal of the service (4xx) as the code's message; anything else is thrown on. */
const refusal = (error: unknown) => {
  if (error instanceof DomainError && error.status < 500 && error.code !== 'NOT_FOUND') return error
  throw error
}

export async function rename({ ctx, organizationId, form, here }: DetailIntentArgs) {
  const submission = parseWithZod(form, { schema: RenamePlatformOrganizationSchema })
  if (submission.status !== 'success') return reply({ intent: 'rename', result: submission.reply() }, 400)
  await renamePlatformOrganization(ctx, organizationId, submission.value.name)
  return redirectWithToast(here, { key: 'platformOrgs.toast.renamed', values: { name: submission.value.name } })
}

export async function active({ ctx, organizationId, form, here }: DetailIntentArgs) {
  const submission = parseWithZod(form, { schema: SetPlatformOrganizationActiveSchema })
  if (submission.status !== 'success') return data({ intent: null }, { status: 400 })
  const { active: next, confirmed } = submission.value
  // Deactivating stops the organization's work: asked first. Activating is not.
  if (!next && !confirmed) return reply({ intent: 'active', confirm: { active: next } })
  await setPlatformOrganizationActive(ctx, organizationId, next)
  return redirectWithToast(here, { key: next ? 'platformOrgs.toast.activated' : 'platformOrgs.toast.deactivated' })
}

export async function addAdmin({ ctx, organizationId, form, here }: DetailIntentArgs) {
  const submission = parseWithZod(form, { schema: AddPlatformAdminSchema })
  if (submission.status !== 'success') return reply({ intent: 'addAdmin', result: submission.reply() }, 400)
  try {
    await addPlatformOrganizationAdmin(ctx, organizationId, submission.value.email)
  } catch (error) {
    const refused = refusal(error)
    return reply({ intent: 'addAdmin', result: submission.reply({ fieldErrors: { email: [messageKey(refused.code)] } }) }, refused.status)
  }
  return redirectWithToast(here, { key: 'platformOrgs.toast.adminAdded', values: { email: submission.value.email.toLowerCase() } })
}

export async function removeAdmin({ ctx, organizationId, form, here }: DetailIntentArgs) {
  const submission = parseWithZod(form, { schema: RemovePlatformAdminSchema })
  if (submission.status !== 'success') return data({ intent: null }, { status: 400 })
  const { email, confirmed } = submission.value
  if (!confirmed) return reply({ intent: 'removeAdmin', confirm: { email } })
  try {
    await removePlatformOrganizationAdmin(ctx, organizationId, email)
  } catch (error) {
    const refused = refusal(error)
    return reply({ intent: 'removeAdmin', error: messageKey(refused.code) }, refused.status)
  }
  return redirectWithToast(here, { key: 'platformOrgs.toast.adminRemoved', values: { email: email.toLowerCase() } })
}

export const DETAIL_INTENTS = { rename, active, addAdmin, removeAdmin }
