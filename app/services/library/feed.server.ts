// @ts-nocheck -- skeleton: the bodies follow
import type { DB } from '~/db/db.server'
import type { Ctx } from '../context.server'
import type { FeedQuery, PackageFeed, ReceivedInvitation } from './types'

/** The package feed of the actor: a page of the packages they own or that are shared with them, and their pending invitations. */
export async function packageFeed(ctx: Ctx, query: FeedQuery): Promise<PackageFeed> {
  throw new Error('not yet')
}

/** The pending package invitations of user `userId`: only that user may list them (anyone else: NOT_FOUND). */
export async function receivedInvitations(ctx: Ctx, userId: string): Promise<ReceivedInvitation[]> {
  throw new Error('not yet')
}

/** How many package invitations wait for the user's answer (the header's count). */
export async function pendingPackageInvitationCount(db: DB, userId: string): Promise<number> {
  throw new Error('not yet')
}
