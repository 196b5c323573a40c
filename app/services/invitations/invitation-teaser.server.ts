import { INVITATION_CODE_PER_CLIENT, refundAttempt, takeAttempts } from '~/auth/rate-limit.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { isWellFormedCode, normalizeCode } from '~/utils/invitation-code'
import type { Ctx } from '../context.server'
import { describeShareLink } from '../library/share-links.server'
import { codeHashes } from './invitation-codes.server'

/**
 * What an invitation link says to a visitor who is not signed in yet (issue 35): the sign-in and
 * sign-up pages it leads to (`redirectTo` = `/invitation-code?code=…` or
 * `/library/packages/accept-share-link?token=…`) name what it is to and who sent it, then signing
 * in or up comes back and finishes. Only what the code or token already grants its holder: no
 * address, nothing of anyone else. A code is looked up under the client's guessing budget
 * (docs/invitation-codes.md): a miss counts as a failed guess, a hit is given back.
 */
export type InvitationTeaser =
  | { kind: 'group' | 'groupCreator' | 'organization'; organization: string; group: string | null; from: string | null }
  | { kind: 'package'; name: string; from: string | null }

/** The teaser of a redirectTo, or null when it names no live invitation (or the budget is spent). */
export async function invitationTeaser(ctx: Ctx, redirectTo: string): Promise<InvitationTeaser | null> {
  const url = new URL(redirectTo || '/', 'http://x')
  if (url.pathname === '/invitation-code') return codeTeaser(ctx, normalizeCode(url.searchParams.get('code') ?? ''))
  if (url.pathname === '/library/packages/accept-share-link') {
    try {
      const link = await describeShareLink(ctx, { token: (url.searchParams.get('token') ?? '').slice(0, 200) })
      return { kind: 'package', name: link.packageName, from: link.sharedBy }
    } catch (error) {
      if (error instanceof DomainError) return null
      throw error
    }
  }
  return null
}

async function codeTeaser(ctx: Ctx, code: string): Promise<InvitationTeaser | null> {
  if (!isWellFormedCode(code)) return null
  let attempts
  try {
    attempts = await takeAttempts(ctx.db, [{ key: `invitation-code:client:${ctx.client}`, policy: INVITATION_CODE_PER_CLIENT }], ctx.now)
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
  const row = await ctx.db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select(['i.group_id', 'i.group_creator', 'o.name as organization', 'o.active', 'g.name as groupName', 'u.name as inviter'])
    .where('i.code_hash', 'in', codeHashes(code))
    .where('i.revoked_at', 'is', null)
    .where('i.used_at', 'is', null)
    .where('i.declined_at', 'is', null)
    .where('i.expires_at', '>', nowIso(ctx.now))
    .executeTakeFirst()
  if (!row || Number(row.active) !== 1) return null
  for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
  const kind = row.group_id ? 'group' : Number(row.group_creator) === 1 ? 'groupCreator' : 'organization'
  return { kind, organization: row.organization, group: row.groupName, from: row.inviter }
}
