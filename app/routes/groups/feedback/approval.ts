import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { methodNotAllowed } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { setApproval } from '~/services/group-work/loop-approval.server'
import { ApprovalFormSchema } from '~/services/group-work/loop-feedback.schemas'
import { readForm } from '~/utils/form-body.server'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { FEEDBACK_ANCHOR, loopPagePath } from '~/ui/group-work/loop-feedback-paths'

/**
 * POST /groups/:groupId/loops/:loopId/approval (the approval button of LoopFeedbackForm; action
 * only), `approved=1` to approve the report, `approved=0` to take the approval back (setApproval):
 * back to the loop page with a toast naming the report. A refusal (a free loop, no right any more)
 * is an error toast there; someone who may not see the loop gets the not-found page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const loopId = params.loopId!
  const back = `${loopPagePath(groupId, loopId)}#${FEEDBACK_ANCHOR}`
  // Someone who may not see the group (or is held back by its organization's policy) is answered before the form is read.
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const submission = parseWithZod(await readForm(request), { schema: ApprovalFormSchema })
  if (submission.status !== 'success') return redirectWithToast(back, { key: 'errors.BAD_REQUEST', type: 'error' })
  const result = await routeCall(() => setApproval(ctx, groupId, loopId, submission.value.approved), {
    ...GROUP_SCREEN,
    toast: (({ keys, ...toast }) => ({ ...toast, keys: { ...keys, BAD_REQUEST: 'loopFeedback.approval.freeLoop' } }))(
      groupRefusalToast(back),
    ),
    failure: 'loopFeedback.failure',
  })
  return redirectWithToast(back, {
    key: result.approved ? 'loopFeedback.approval.done' : 'loopFeedback.approval.takenBack',
    values: { name: result.authorName, task: result.taskTitle },
  })
}

export const loader = () => methodNotAllowed('POST')
