import { alertDestinations, type AlertDestination } from './alert-destinations.server'
import type { AlertTargetType } from './alert-templates'
import { actorOf, type Ctx } from '../context.server'

/** Alerts per page of the feed. */
export const FEED_PAGE_SIZE = 30

/** The path of the feed: viewing it moves the user's "seen up to" mark. */
export const FEED_PATH = '/'

/** Where a page of the feed starts: after the alert (created, id) it names. */
interface Cursor {
  created: string
  id: string
}
export const encodeCursor = (c: Cursor) => Buffer.from(`${c.created}|${c.id}`).toString('base64url')
export function decodeCursor(value: string | null): Cursor | null {
  if (!value || value.length > 200) return null
  const [created, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|')
  if (rest.length || !created || !id || Number.isNaN(Date.parse(created))) return null
  return { created, id }
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>()
export function dayIn(timeZone: string, instant: string | Date) {
  let format = dayFormatters.get(timeZone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit' })
    }
    dayFormatters.set(timeZone, format)
  }
  return format.format(new Date(instant))
}

export interface FeedAlert {
  id: string
  template: string
  created: string
  unseen: boolean
  actorName: string | null
  target: { type: AlertTargetType; id: string }
  data: Record<string, string | number | boolean | null>
  /** Where it leads the user now (decided for the whole page at once). */
  destination: AlertDestination
}

/**
 * One page of the user's feed (spec: alerts, newest first), grouped by day in the user's
 * timezone, with a cursor for the next (older) page. An alert created after the user's mark is
 * unseen. `alerts_user_created` serves it: one index range per page; where each alert leads is
 * decided for the whole page by `alertDestinations` (a query per kind of target, not per alert).
 */
export async function feedPage(ctx: Ctx, input: { cursor: string | null }) {
  const actor = actorOf(ctx)
  const cursor = decodeCursor(input.cursor)
  const mark = await seenMarkOf(ctx)
  let query = ctx.db
    .selectFrom('alerts as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.template', 'a.created_at', 'a.target_type', 'a.target_id', 'a.data', 'u.name as actor_name'])
    .where('a.user_id', '=', actor.id)
  if (cursor) {
    query = query.where((eb) =>
      eb.or([eb('a.created_at', '<', cursor.created), eb.and([eb('a.created_at', '=', cursor.created), eb('a.id', '<', cursor.id)])]),
    )
  }
  const rows = await query
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(FEED_PAGE_SIZE + 1)
    .execute()
  const page = rows.slice(0, FEED_PAGE_SIZE)
  const last = page.at(-1)
  const listed = page.map((r) => ({
    id: r.id,
    template: r.template,
    created: r.created_at,
    unseen: mark === null || r.created_at > mark,
    actorName: r.actor_name ?? null,
    target: { type: r.target_type as AlertTargetType, id: r.target_id },
    data: parseData(r.data),
  }))
  const destinations = await alertDestinations(ctx, listed)
  const alerts: FeedAlert[] = listed.map((a) => ({ ...a, destination: destinations.get(a.id) ?? { kind: 'none' } }))
  const days: { day: string; alerts: FeedAlert[] }[] = []
  for (const alert of alerts) {
    const day = dayIn(actor.timezone, alert.created)
    const current = days.at(-1)
    if (current?.day === day) current.alerts.push(alert)
    else days.push({ day, alerts: [alert] })
  }
  return {
    days,
    today: dayIn(actor.timezone, ctx.now),
    yesterday: dayIn(actor.timezone, new Date(ctx.now.getTime() - 86_400_000)),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ created: last.created_at, id: last.id }) : null,
    isFirstPage: cursor === null,
  }
}
export type FeedPage = Awaited<ReturnType<typeof feedPage>>

function parseData(text: string): FeedAlert['data'] {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FeedAlert['data']) : {}
  } catch {
    return {}
  }
}

/**
 * The user's "seen up to" mark (null: never viewed the feed), as the request's session read it
 * with the user: no query of its own.
 */
export async function seenMarkOf(ctx: Ctx): Promise<string | null> {
  return actorOf(ctx).alerts_seen_at ?? null
}

/**
 * Viewing the feed moves the user's mark up to the newest alert (never back): the count of new
 * alerts drops to zero. A read-tracking write on GET, like last-seen: the accepted exception. It
 * writes only when there is something new (the newest alert is one index lookup), so a feed
 * viewed again costs no write, and an alert created while the page renders stays new.
 * Returns the mark (null: the user has never had an alert).
 */
export async function markAlertsSeen(ctx: Ctx): Promise<string | null> {
  const actor = actorOf(ctx)
  const mark = await seenMarkOf(ctx)
  const newest = await ctx.db
    .selectFrom('alerts')
    .select('created_at')
    .where('user_id', '=', actor.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!newest || (mark !== null && newest.created_at <= mark)) return mark
  await ctx.db
    .updateTable('users')
    .set({ alerts_seen_at: newest.created_at })
    .where('id', '=', actor.id)
    .where((eb) => eb.or([eb('alerts_seen_at', 'is', null), eb('alerts_seen_at', '<', newest.created_at)]))
    .execute()
  return newest.created_at
}
