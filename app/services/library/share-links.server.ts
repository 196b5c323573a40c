import { timingSafeEqual } from 'node:crypto'
import { DomainError } from '~/errors'
import { hashSecret, newId, newSecret, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { requirePackage } from './access.server'
import { grant } from './collaborators.server'
import { CreateShareLinkSchema, type CreateShareLinkInput } from './packages.schemas'
import { toLink } from './sharing.server'
import type { ShareLink } from './types'

/* Share links: anyone signed in who opens one gets view access. */

/** A new share link (view access); the token is returned only here (it is stored hashed). Owner only. */
export async function createShareLink(ctx: Ctx, input: CreateShareLinkInput): Promise<{ link: ShareLink; token: string }> {
  const { packageId, expiresAt } = CreateShareLinkSchema.parse(input)
  const actor = actorOf(ctx)
  await requirePackage(ctx, ctx.db, packageId, 'owner')
  if (expiresAt && expiresAt <= nowIso(ctx.now)) throw new DomainError('BAD_REQUEST', { field: 'expiresAt' })
  // 256 random bits (newSecret); only the SHA-256 is kept.
  const token = newSecret()
  const row = {
    id: newId(),
    package_id: packageId,
    token_hash: hashSecret(token),
    created_by: actor.id,
    created_at: nowIso(ctx.now),
    expires_at: expiresAt,
    last_used_at: null,
    revoked_at: null,
  }
  await ctx.db.insertInto('package_share_links').values(row).execute()
  return { link: toLink(ctx.now, { ...row, createdBy: { id: actor.id, name: actor.name } }), token }
}

/** Revokes a link. Owner only. */
export async function revokeShareLink(ctx: Ctx, input: { packageId: string; linkId: string }): Promise<void> {
  await requirePackage(ctx, ctx.db, input.packageId, 'owner')
  const result = await ctx.db
    .updateTable('package_share_links')
    .set({ revoked_at: nowIso(ctx.now) })
    .where('id', '=', input.linkId)
    .where('package_id', '=', input.packageId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('SHARE_LINK_INVALID')
}

/** Constant-time comparison of two hex digests (the lookup by hash is an index probe; this is the check that decides). */
export function sameDigest(a: string, b: string) {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y)
}

/** The link of a token, checked: SHARE_LINK_INVALID (unknown, revoked, of another package) or SHARE_LINK_EXPIRED. */
async function usableLink(ctx: Ctx, db: Ctx['db'], input: { token: string; packageId?: string }) {
  const token = (input.token ?? '').trim()
  if (!token || token.length > 200) throw new DomainError('SHARE_LINK_INVALID')
  const digest = hashSecret(token)
  const link = await db.selectFrom('package_share_links').selectAll().where('token_hash', '=', digest).executeTakeFirst()
  if (!link || !sameDigest(link.token_hash, digest) || link.revoked_at) throw new DomainError('SHARE_LINK_INVALID')
  // A link of package A never opens package B.
  if (input.packageId && input.packageId !== link.package_id) throw new DomainError('SHARE_LINK_INVALID')
  if (link.expires_at && link.expires_at <= nowIso(ctx.now)) throw new DomainError('SHARE_LINK_EXPIRED')
  return link
}

/**
 * What a link opens, before anyone uses it (the page that asks first): the package's name and
 * who shared it (the link's maker, else the package's owner). Changes nothing. The same refusals
 * as acceptShareLink, so a revoked or made-up link says so at once.
 */
export async function previewShareLink(
  ctx: Ctx,
  input: { token: string },
): Promise<{ packageId: string; packageName: string; sharedBy: string | null }> {
  actorOf(ctx)
  return describeShareLink(ctx, input)
}

/**
 * previewShareLink for a visitor not signed in yet (the sign-in page that the link led to says
 * what it opens and who shared it, issue 35): only what the token itself grants to whoever holds it.
 */
export async function describeShareLink(ctx: Ctx, input: { token: string }) {
  const link = await usableLink(ctx, ctx.db, input)
  const row = await ctx.db
    .selectFrom('packages as p')
    .leftJoin('users as maker', 'maker.id', 'p.owner_id')
    .leftJoin('users as sharer', (join) => join.on('sharer.id', '=', link.created_by ?? ''))
    .select(['p.id', 'p.name', 'maker.name as ownerName', 'sharer.name as sharerName'])
    .where('p.id', '=', link.package_id)
    .executeTakeFirst()
  if (!row) throw new DomainError('SHARE_LINK_INVALID')
  return { packageId: row.id, packageName: row.name, sharedBy: row.sharerName ?? row.ownerName ?? null }
}

/** Opens a link: view access for the actor (never lowers an access). SHARE_LINK_INVALID / SHARE_LINK_EXPIRED. */
export async function acceptShareLink(
  ctx: Ctx,
  input: { token: string; packageId?: string },
): Promise<{ packageId: string; packageName: string }> {
  const actor = actorOf(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    const link = await usableLink(ctx, trx, input)
    const now = nowIso(ctx.now)
    const pkg = await trx.selectFrom('packages').selectAll().where('id', '=', link.package_id).executeTakeFirstOrThrow()
    await grant(trx, pkg, actor.id, 'view', now)
    await trx.updateTable('package_share_links').set({ last_used_at: now }).where('id', '=', link.id).execute()
    return { packageId: pkg.id, packageName: pkg.name }
  })
}
