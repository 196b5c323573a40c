import { sql } from 'kysely'
import { nextDay, startOfDayIn } from '~/utils/timezones'
import { PAGE_SIZE, type Page } from '~/utils/list-query'
import { requireOrgAdmin } from '../access.server'
import { auditTargetOf, isAuditAction, type AuditAction, type AuditEntryTarget, type AuditTarget } from '../audit-actions'
import { auditOutcome, type AuditOutcome } from '../audit.server'
import type { Ctx } from '../context.server'
import { auditTargets, namesOf } from './audit-targets.server'
import { swedishCollator } from '~/db/collation'

/**
 * The organization's audit log (/organizations/:id/audit, docs/organizations.md): every audited
 * action, newest first, filtered by action, actor and a date range in the admin's timezone, a page
 * at a time, or all of it for the CSV. Admins of the organization only (ORGANIZATION_NOT_FOUND for
 * anyone else); only the organization's own entries, and only its own groups, invitations and
 * directory tokens, and its present and past members, are named.
 */

/** The filters and page, as read from the URL: ?action=&actor=&from=&to=&page=. */
export interface AuditLogQuery {
  /** One action kind, or '' for all. */
  action: AuditAction | ''
  /** `u:<user id>` (a person), `d:<token id>` (the directory through that token), or '' for all. */
  actor: string
  /** Days (YYYY-MM-DD) in the admin's timezone, both included; '' for open. */
  from: string
  to: string
  page: number
  pageSize: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const ACTOR = /^[ud]:[A-Za-z0-9_-]{1,64}$/
const isDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

/** The query of the URL; an unknown action, actor or date is left out (as the list pages do with a bad sort). */
export function parseAuditLogQuery(url: URL): AuditLogQuery {
  const p = url.searchParams
  const action = p.get('action') ?? ''
  const actor = p.get('actor') ?? ''
  const from = p.get('from') ?? ''
  const to = p.get('to') ?? ''
  return {
    action: isAuditAction(action) ? action : '',
    actor: ACTOR.test(actor) ? actor : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    page: Math.max(1, Math.min(100_000, Number.parseInt(p.get('page') ?? '1', 10) || 1)),
    pageSize: PAGE_SIZE,
  }
}

/** A range whose start is after its end matches nothing: the page says so instead of an empty list. */
export const isReversedRange = (query: Pick<AuditLogQuery, 'from' | 'to'>) => Boolean(query.from && query.to && query.from > query.to)

/** The most entries one CSV holds (the newest of the filtered list). */
export const AUDIT_CSV_MAX_ROWS = 100_000

/** How many of an entry's targets are named on the page; the CSV names more. */
export const TARGET_NAMES_ON_PAGE = 3
export const TARGET_NAMES_IN_CSV = 20

export interface AuditLogEntry {
  _id: string
  action: string
  /** The person (their name, null if the account is gone) or the directory (its token's name). */
  actorName: string | null
  byDirectory: boolean
  /** What the action was about: the kind, the names found (at most the limit asked), and how many items. */
  target: AuditEntryTarget
  itemCount: number
  created: string
  finished: boolean
  outcome: AuditOutcome
}

export interface AuditActorOption {
  value: string
  name: string | null
  byDirectory: boolean
}

function filtered(ctx: Ctx, organizationId: string, query: AuditLogQuery, timeZone: string) {
  let q = ctx.db.selectFrom('audit_log as a').where('a.organization_id', '=', organizationId)
  if (query.action) q = q.where('a.action', '=', query.action)
  if (query.actor) {
    const id = query.actor.slice(2)
    q = query.actor.startsWith('d:')
      ? q.where('a.directory_token_id', '=', id)
      : q.where('a.actor_id', '=', id).where('a.directory_token_id', 'is', null)
  }
  if (query.from) q = q.where('a.created_at', '>=', startOfDayIn(query.from, timeZone))
  if (query.to) q = q.where('a.created_at', '<', startOfDayIn(nextDay(query.to), timeZone))
  if (isReversedRange(query)) q = q.where(sql<boolean>`1 = 0`)
  return q
}

function entriesOf(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('directory_tokens as d', 'd.id', 'a.directory_token_id')
    .select(['a.id', 'a.action', 'a.items', 'a.result', 'a.created_at', 'a.status', 'u.name as actorName', 'd.name as directoryName'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesOf>['execute']>>[number]

/** The rows as entries, their first `namesPerEntry` targets named. */
async function toEntries(ctx: Ctx, organizationId: string, rows: EntryRow[], namesPerEntry: number): Promise<AuditLogEntry[]> {
  const entries = rows.map((r) => {
    const items = JSON.parse(r.items) as string[]
    return {
      _id: r.id,
      action: r.action,
      actorName: r.actorName ?? r.directoryName,
      byDirectory: r.directoryName !== null,
      itemCount: items.length,
      items,
      result: JSON.parse(r.result) as Record<string, unknown>,
      created: r.created_at,
      finished: r.status === 'done',
    }
  })
  const targets = await auditTargets(
    ctx,
    organizationId,
    entries.map((e) => ({ action: e.action, kind: auditTargetOf(e.action), items: e.items, result: e.result })),
    namesPerEntry,
  )
  return entries.map((entry, i) => {
    const { result, items, ...rest } = entry
    void items
    return { ...rest, target: targets[i], outcome: auditOutcome({ ...entry, result }) }
  })
}

/** One page of the filtered log, newest first. */
export async function listAuditLog(ctx: Ctx, organizationId: string, query: AuditLogQuery, timeZone: string): Promise<Page<AuditLogEntry>> {
  await requireOrgAdmin(ctx, organizationId)
  const [rows, total] = await Promise.all([
    entriesOf(filtered(ctx, organizationId, query, timeZone))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(ctx, organizationId, query, timeZone)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.total)),
  ])
  return { items: await toEntries(ctx, organizationId, rows, TARGET_NAMES_ON_PAGE), total, page: query.page, pageSize: query.pageSize }
}

/** Every entry of the filtered log (at most AUDIT_CSV_MAX_ROWS, the newest), for the CSV. */
export async function allAuditEntries(ctx: Ctx, organizationId: string, query: AuditLogQuery, timeZone: string) {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await entriesOf(filtered(ctx, organizationId, query, timeZone))
    .limit(AUDIT_CSV_MAX_ROWS)
    .execute()
  return toEntries(ctx, organizationId, rows, TARGET_NAMES_IN_CSV)
}

/**
 * Who has acted in the organization, for the actor filter: each person and each directory token
 * with an entry in its log, by name.
 */
export async function auditActors(ctx: Ctx, organizationId: string): Promise<AuditActorOption[]> {
  await requireOrgAdmin(ctx, organizationId)
  // The distinct ids first (an index walk with migration 034), then their names: a join per entry
  // would read every user and token row once per entry. A change the directory made has no
  // person as its actor (the SCIM context has none).
  const [people, tokens] = await Promise.all([
    ctx.db
      .selectFrom('audit_log')
      .select('actor_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('actor_id', 'is not', null)
      .execute(),
    ctx.db
      .selectFrom('audit_log')
      .select('directory_token_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('directory_token_id', 'is not', null)
      .execute(),
  ])
  const ids: Record<AuditTarget, Set<string>> = {
    user: new Set(people.map((r) => r.actor_id!)),
    token: new Set(tokens.map((r) => r.directory_token_id!)),
    group: new Set(),
    invitation: new Set(),
    organization: new Set(),
  }
  const names = await namesOf(ctx, organizationId, ids)
  const options: AuditActorOption[] = [
    // Whoever acted in the organization: a present member, or a past one.
    ...[...ids.user].map((id) => ({
      value: `u:${id}`,
      name: names.get(`user:${id}`) ?? names.get(`pastUser:${id}`) ?? null,
      byDirectory: false,
    })),
    ...[...ids.token].map((id) => ({ value: `d:${id}`, name: names.get(`token:${id}`) ?? null, byDirectory: true })),
  ]
  return options.sort((x, y) => Number(x.byDirectory) - Number(y.byDirectory) || swedishCollator.compare(x.name ?? '', y.name ?? ''))
}
