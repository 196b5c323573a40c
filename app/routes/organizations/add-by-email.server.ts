import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { routeCall } from '~/http/route-call.server'
import type { Ctx } from '~/services/context.server'
import { addMembersByEmail } from '~/services/member-import/add-by-email.server'
import { AddMembersByEmailSchema } from '~/services/member-import/add-by-email.schemas'
import type { RowOutcome } from '~/services/member-import/apply.server'
import { inactiveToast } from './org-not-found.server'

/** What is done with an address (added, invited, or nothing to do); a repeated address was done once already. */
const DONE = new Set<RowOutcome>(['ADDED', 'INVITED', 'UPDATED', 'UNCHANGED', 'ALREADY_INVITED', 'DUPLICATE_ROW'])

/**
 * The members page's intent addByEmail: the result per address, answered on the page itself (no
 * redirect: the result is the message, and posting it again changes nothing, since members and
 * pending invitations are left as they are). The addresses that failed stay in the field.
 */
export async function addByEmail(ctx: Ctx, organizationId: string, form: FormData, here: string) {
  const submission = parseWithZod(form, { schema: AddMembersByEmailSchema })
  if (submission.status !== 'success') return data({ addResult: submission.reply(), added: null }, { status: 400 })
  const added = await routeCall(() => addMembersByEmail(ctx, organizationId, submission.value.emails), { toast: inactiveToast(here) })
  // The addresses that were not added stay in the field, one a line, beside their reasons in the result.
  const kept = added.filter((r) => !DONE.has(r.result)).map((r) => r.email)
  const reply = submission.reply({ resetForm: true })
  return data({ addResult: kept.length ? { ...reply, initialValue: { emails: kept.join('\n') } } : reply, added })
}
