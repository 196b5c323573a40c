import { sql, type Kysely } from 'kysely'

/**
 * Mail goes through the outbox (app/mail/outbox.server.ts): every message is a row that a
 * background worker claims, sends and marks. States: pending -> sent | failed (retried with
 * backoff) -> dead after the last attempt. `claimed_until` is the lease of the worker sending it
 * (a crashed process's claim runs out and the row is tried again); `claim_token` tells a worker
 * whether the claim is still its own when it reports the outcome.
 *
 * Also: users.is_platform_admin (who may see and retry mail that failed, /platform/mail) and the
 * indexes the housekeeping job (app/services/platform/housekeeping.server.ts) deletes by.
 */
export async function up(db: Kysely<any>) {
  const add = (column: string, type: 'text' | 'integer', build = (c: any) => c) =>
    db.schema.alterTable('mail_outbox').addColumn(column, type, build).execute()
  await add('status', 'text', (c) => c.notNull().defaultTo('pending'))
  await add('attempts', 'integer', (c) => c.notNull().defaultTo(0))
  await add('next_attempt_at', 'text')
  await add('claimed_until', 'text')
  await add('claim_token', 'text')
  await add('last_error', 'text')
  await add('sent_at', 'text')
  // What was in the table was development mail, already "delivered" to /dev/mailbox.
  await sql`update mail_outbox set status = 'sent', sent_at = created_at`.execute(db)
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_outbox_sent').on('mail_outbox').columns(['status', 'sent_at']).execute()

  await db.schema
    .alterTable('users')
    .addColumn('is_platform_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute()
  await db.schema.createIndex('tokens_expires').on('tokens').column('expires_at').execute()
  await db.schema.createIndex('rate_limits_first_failure').on('rate_limits').column('first_failure_at').execute()
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute()
}

export async function down(db: Kysely<any>) {
  for (const index of [
    'audit_log_created',
    'rate_limits_first_failure',
    'tokens_expires',
    'sessions_expires',
    'mail_outbox_sent',
    'mail_outbox_due',
  ]) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.alterTable('users').dropColumn('is_platform_admin').execute()
  for (const column of ['sent_at', 'last_error', 'claim_token', 'claimed_until', 'next_attempt_at', 'attempts', 'status']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute()
  }
}
