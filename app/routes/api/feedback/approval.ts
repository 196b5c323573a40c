import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { setApproval } from '~/services/group-work/loop-approval.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { ApprovalAnswer } from './feedback.openapi'

/** POST approves the report, DELETE takes the approval back (setApproval decides who may); answered { approved }. */
const approve = (approved: boolean) => (args: LoaderFunctionArgs) =>
  apiCall<Answer<typeof ApprovalAnswer>>(async () => {
    const actor = await requireApiUser(args.context)
    const result = await setApproval(ctxFor(actor, args.context), args.params.groupId!, args.params.loopId!, approved)
    return {
      approved: result.approved ? { by: { _id: result.approved.by.id, name: result.approved.by.name }, at: result.approved.at } : null,
    }
  })

const route = apiRoute({ POST: approve(true), DELETE: approve(false) })

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
