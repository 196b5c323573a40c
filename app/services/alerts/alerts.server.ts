import type { DB } from '~/db/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { AlertTargetType, AlertTemplate } from './alert-templates'
import { batches } from '~/db/batches'

/** One alert to write: to whom, which template, about what, by whom. */
export interface NewAlert {
  userId: string
  template: AlertTemplate
  target: { type: AlertTargetType; id: string }
  actorId?: string | null
  organizationId?: string | null
  /** Names shown with the alert without joins (e.g. `{ groupName, role }`). */
  data?: Record<string, string | number | boolean | null>
}

/** The users among `userIds` who have not unsubscribed from `template` (emails ask the same). */
export async function subscribedUsers(db: DB, template: AlertTemplate, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'unsubscribed_templates'])
    .where('id', 'in', [...new Set(userIds)])
    .execute()
  return new Set(rows.filter((r) => !(JSON.parse(r.unsubscribed_templates) as string[]).includes(template)).map((r) => r.id))
}

/**
 * Writes alerts, skipping recipients who unsubscribed from the template and the actor themself.
 * Call it with the transaction of the change it reports, so both commit or neither.
 * Returns the number written.
 */
export async function createAlerts(db: DB, alerts: readonly NewAlert[], now = new Date()) {
  const wanted = alerts.filter((a) => a.userId !== a.actorId)
  if (wanted.length === 0) return 0
  const byTemplate = new Map<AlertTemplate, NewAlert[]>()
  for (const a of wanted) byTemplate.set(a.template, [...(byTemplate.get(a.template) ?? []), a])
  let written = 0
  for (const [template, list] of byTemplate) {
    const subscribed = await subscribedUsers(
      db,
      template,
      list.map((a) => a.userId),
    )
    const rows = list
      .filter((a) => subscribed.has(a.userId))
      .map((a) => ({
        id: newId(),
        user_id: a.userId,
        template,
        actor_id: a.actorId ?? null,
        organization_id: a.organizationId ?? null,
        target_type: a.target.type,
        target_id: a.target.id,
        data: JSON.stringify(a.data ?? {}),
        created_at: nowIso(now),
      }))
    for (const batch of batches(rows)) {
      await db.insertInto('alerts').values(batch).execute()
    }
    written += rows.length
  }
  return written
}

/** One alert; see `createAlerts`. */
export const createAlert = (db: DB, alert: NewAlert, now = new Date()) => createAlerts(db, [alert], now)
