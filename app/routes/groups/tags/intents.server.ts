import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { Ctx } from '~/services/context.server'
import { createTag, deleteTag, tagForDeletion, updateTag } from '~/services/group-work/tags.server'
import { DeleteTagFormSchema, EditTagFormSchema, TagFormSchema } from '~/services/group-work/tags.schemas'
import { redirectWithToast } from '~/http/toast.server'

/**
 * The forms of the Tags screen: add, rename (inline, per tag) and delete (asked first, naming how
 * many loops carry the tag). TAG_NAME_TAKEN is shown under the name field of the form sent.
 */

export interface TagsIntentArgs {
  ctx: Ctx
  groupId: string
  form: FormData
  here: string
}

export type TagsActionData =
  | { intent: 'create'; result: SubmissionResult<string[]> }
  | { intent: 'update'; tagId: string; result: SubmissionResult<string[]> }
  | { intent: 'confirm-delete'; tagId: string; name: string; loopCount: number }
  | { intent: null; error: string }

const reply = (body: TagsActionData, status = 200) => data(body, { status })

const isCode = (error: unknown, code: string) => (error as { code?: unknown } | null)?.code === code

async function create({ ctx, groupId, form, here }: TagsIntentArgs) {
  const submission = parseWithZod(form, { schema: TagFormSchema })
  if (submission.status !== 'success') return reply({ intent: 'create', result: submission.reply() }, 400)
  try {
    const tag = await createTag(ctx, groupId, submission.value)
    return redirectWithToast(here, { key: 'groupTags.toast.created', values: { name: tag.name } })
  } catch (error) {
    if (!isCode(error, 'TAG_NAME_TAKEN')) throw error
    return reply({ intent: 'create', result: submission.reply({ fieldErrors: { name: ['errors.TAG_NAME_TAKEN'] } }) }, 409)
  }
}

async function update({ ctx, groupId, form, here }: TagsIntentArgs) {
  const submission = parseWithZod(form, { schema: EditTagFormSchema })
  const tagId = String(form.get('tagId') ?? '')
  if (submission.status !== 'success') return reply({ intent: 'update', tagId, result: submission.reply() }, 400)
  const { tagId: id, ...patch } = submission.value
  try {
    const tag = await updateTag(ctx, groupId, id, patch)
    return redirectWithToast(here, { key: 'groupTags.toast.updated', values: { name: tag.name } })
  } catch (error) {
    if (!isCode(error, 'TAG_NAME_TAKEN')) throw error
    return reply({ intent: 'update', tagId, result: submission.reply({ fieldErrors: { name: ['errors.TAG_NAME_TAKEN'] } }) }, 409)
  }
}

async function remove({ ctx, groupId, form, here }: TagsIntentArgs) {
  const submission = parseWithZod(form, { schema: DeleteTagFormSchema })
  if (submission.status !== 'success') return reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)
  const { tagId, confirmed } = submission.value
  if (!confirmed) {
    const tag = await tagForDeletion(ctx, groupId, tagId)
    return reply({ intent: 'confirm-delete', tagId, name: tag.name, loopCount: tag.loopCount })
  }
  const tag = await deleteTag(ctx, groupId, tagId)
  return redirectWithToast(here, { key: 'groupTags.toast.deleted', values: { name: tag.name } })
}

export const TAG_INTENTS = { create, update, delete: remove }
