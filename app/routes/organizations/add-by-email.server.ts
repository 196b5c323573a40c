import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { routeCall } from '~/http/route-call.server'
import type { Ctx } from '~/services/context.server'
import { addMembersByEmail } from '~/services/member-import/add-by-email.server'
import { AddMembersByEmailSchema } from '~/services/member-import/add-by-email.schemas'
import { inactiveToast } from './org-not-found.server'

/**
 * The members page's intent addByEmail: the result per address, answered on the page itself (no
 * redirect: the result is the message, and posting it again changes nothing, since members and
 * pending invitations are left as they are).
 */
export async function addByEmail(ctx: Ctx, organizationId: string, form: FormData, here: string) {
  const submission = parseWithZod(form, { schema: AddMembersByEmailSchema })
  if (submission.status !== 'success') return data({ addResult: submission.reply(), added: null }, { status: 400 })
  const added = await routeCall(() => addMembersByEmail(ctx, organizationId, submission.value.emails), { toast: inactiveToast(here) })
  return data({ addResult: submission.reply({ resetForm: true }), added })
}
