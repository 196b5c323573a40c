import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { methodNotAllowed } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { addComment } from '~/services/group-work/loop-comments.server'
import { CommentSchema } from '~/services/group-work/loop-feedback.schemas'
import { COMMENT_MAX_LENGTH } from '~/utils/group-work-limits'
import { readForm } from '~/utils/form-body.server'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { FEEDBACK_ANCHOR, KEPT_COMMENT_PARAM, loopPagePath } from '~/ui/group-work/loop-feedback-paths'

/**
 * POST /groups/:groupId/loops/:loopId/comments (the comment form of LoopFeedbackForm; action
 * only): adds the comment (addComment) and returns to the loop page with a toast naming whom it
 * went to. A comment not sent (empty, too long, refused after a change in another tab) returns to
 * the loop page with the error as a toast and the text kept in the form: the page's URL carries it
 * (`?comment=`, cut at COMMENT_MAX_LENGTH), which the form reads as its starting value. Someone who
 * may not see the loop gets the not-found page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const loopId = params.loopId!
  const page = loopPagePath(groupId, loopId)
  // Someone who may not see the group (or is held back by its organization's policy) is answered before the form is read.
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request)
  const typed = String(form.get('text') ?? '').slice(0, COMMENT_MAX_LENGTH)
  const back = typed.trim()
    ? `${page}?${new URLSearchParams({ [KEPT_COMMENT_PARAM]: typed })}#${FEEDBACK_ANCHOR}`
    : `${page}#${FEEDBACK_ANCHOR}`
  const submission = parseWithZod(form, { schema: CommentSchema })
  if (submission.status !== 'success')
    return redirectWithToast(back, { key: submission.error?.text?.[0] ?? 'errors.BAD_REQUEST', type: 'error' })
  const comment = await routeCall(() => addComment(ctx, groupId, loopId, submission.value.text), {
    ...GROUP_SCREEN,
    toast: groupRefusalToast(back),
    failure: 'loopFeedback.failure',
  })
  const answered = comment.loopAuthor.id === comment.author.id
  return redirectWithToast(`${page}#${FEEDBACK_ANCHOR}`, {
    key: answered ? 'loopFeedback.comment.answerSent' : 'loopFeedback.comment.sent',
    values: { name: comment.loopAuthor.name },
  })
}

export const loader = () => methodNotAllowed('POST')
