import { data } from '@remix-run/node'
import { resendInvitation, revokeInvitation } from '~/services/invitations/invitation-admin.server'
import { redirectWithToast } from '~/http/toast.server'
import type { BulkConfirmation } from './bulk-selection.server'
import type { IntentArgs } from './intent-args'

/*
 * The rows of an organization's invitations table (invitations-table.tsx) post these two intents:
 * the group creators page for invitations to become a group creator, the members page for
 * invitations to become a member. Both pages answer a stale row (used, revoked in another tab)
 * with an error toast and the fresh list.
 */

/** The no-JavaScript confirmation step of a revoke. */
export type RevokeConfirmation = { intent: 'revoke'; confirm: BulkConfirmation }

const idsOf = (form: FormData) => form.getAll('ids').map(String).filter(Boolean)

/** intent resend: the invitation email again, with a new code. */
export async function resend({ ctx, organizationId, form, here }: IntentArgs) {
  const invitation = await resendInvitation(ctx, idsOf(form)[0] ?? '', { organizationId })
  return redirectWithToast(here, { key: 'invitations.toast.resent', values: { email: invitation.email ?? '' } })
}

/** intent revoke: asks to confirm first (without JavaScript), then deletes the invitation. */
export async function revoke({ ctx, organizationId, form, here }: IntentArgs) {
  const ids = idsOf(form).slice(0, 1)
  if (form.get('confirmed') !== '1') return data<RevokeConfirmation>({ intent: 'revoke', confirm: { ids, count: ids.length, named: [] } })
  await revokeInvitation(ctx, ids[0] ?? '', { organizationId })
  return redirectWithToast(here, { key: 'invitations.toast.revoked' })
}

export const INVITATION_ROW_INTENTS = { resend, revoke }
