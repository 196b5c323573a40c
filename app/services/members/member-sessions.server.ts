import { requireOrgAdmin } from '../access.server'
import { runBulk, uniqueIds, type BulkResult } from '../bulk.server'
import type { Ctx } from '../context.server'
import { loadMembers, MEMBER_AUDIT } from './members.server'

/** What each item of "end sessions" answers besides its code: how many sessions it ended. */
export type EndedSessions = { sessions?: number }

const sumSessions = (results: BulkResult<EndedSessions>[]) => ({
  sessions: results.reduce((n, r) => n + (r.sessions ?? 0), 0),
})

/**
 * An organization admin's "End sessions" (ASVS 7.4.5): every signed-in session of each chosen
 * member ends, so the member's next request lands on the sign-in screen (their single sign-on
 * tokens go with the session). MEMBER_NOT_FOUND for anyone who is not a member of this
 * organization, SUCCESS (with `sessions`, how many ended, possibly 0) for each member; audited
 * as `members.endSessions` with the total. The organization's two-step policy applies as to
 * every admin action (requireOrgAdmin: STRONG_AUTH_REQUIRED). Allowed in an inactive
 * organization too: ending sessions only ever takes access away. Sessions are a person's, not an
 * organization's: a member of several organizations is signed out of all of them.
 */
export async function endMemberSessions(ctx: Ctx, organizationId: string, memberIds: string[]) {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  return runBulk<string, EndedSessions>(ctx, {
    organizationId,
    action: MEMBER_AUDIT.endSessions,
    items: ids,
    ofOrganization: (id) => members.has(id),
    check: (id) => (members.has(id) ? undefined : 'MEMBER_NOT_FOUND'),
    item: async (trx, id) => {
      const ended = await trx.deleteFrom('sessions').where('user_id', '=', id).executeTakeFirst()
      return { result: 'SUCCESS', sessions: Number(ended.numDeletedRows) }
    },
    batch: async (trx, batch) => {
      const ended = await trx.deleteFrom('sessions').where('user_id', 'in', batch).returning('user_id').execute()
      const count = new Map<string, number>()
      for (const { user_id } of ended) count.set(user_id, (count.get(user_id) ?? 0) + 1)
      return batch.map((id) => ({ result: 'SUCCESS', sessions: count.get(id) ?? 0 }))
    },
    auditResult: sumSessions,
  })
}
