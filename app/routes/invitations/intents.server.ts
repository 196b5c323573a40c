import type { Ctx } from '~/services/context.server'
import { acceptMyInvitation, declineMyInvitation, isInboxKind, type InboxAnswer } from '~/services/invitations/invitation-inbox.server'
import { DomainError } from '~/errors'
import { redirectWithToast } from '~/http/toast.server'

interface Args {
  ctx: Ctx
  form: FormData
}

/** The item a form answers: its kind (the inbox section) and id; anything else is BAD_REQUEST. */
function itemOf(form: FormData) {
  const kind = form.get('kind')
  const id = form.get('id')
  if (!isInboxKind(kind) || typeof id !== 'string' || id === '') throw new DomainError('BAD_REQUEST')
  return { kind, id }
}

const toastKey = (answer: InboxAnswer, verb: 'accepted' | 'declined') => `inbox.toast.${verb}.${answer.kind}`

/** One handler per form of the inbox: accept or decline one invitation, then a toast naming it. */
export const INTENTS = {
  accept: async ({ ctx, form }: Args) => {
    const answer = await acceptMyInvitation(ctx, itemOf(form))
    // Already there (added meanwhile): say so where it leads, as the code page does.
    if (answer.already === 'ALREADY_ADDED_TO_GROUP')
      return redirectWithToast(answer.redirectTo, { key: 'errors.ALREADY_ADDED_TO_GROUP', values: { name: answer.name }, type: 'info' })
    if (answer.already) return redirectWithToast(answer.redirectTo, { key: 'errors.IS_ALREADY_GROUP_CREATOR', type: 'info' })
    return redirectWithToast(answer.redirectTo, { key: toastKey(answer, 'accepted'), values: { name: answer.name } })
  },
  decline: async ({ ctx, form }: Args) => {
    const answer = await declineMyInvitation(ctx, itemOf(form))
    return redirectWithToast(answer.redirectTo, { key: toastKey(answer, 'declined'), values: { name: answer.name } })
  },
}
