import type { Kysely } from 'kysely'

/**
 * Telemetry (app/services/platform/telemetry.server.ts, ADR 011): what browsers report about the pages'
 * speed (web vitals) and their uncaught errors, kept 30 days by the housekeeping job. No user id is
 * stored: the route pattern, the figure, the build and the time are enough to see what is slow.
 * `telemetry_kind_created` serves the platform page (vitals of the period, latest errors) and the
 * housekeeping delete. `users.telemetry_opt_out`: a user who opted out sends nothing, and the
 * endpoint drops what their pages send anyway.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('telemetry_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** 'vital' or 'error'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A vital's name (LCP, INP, CLS, FCP, TTFB) or the error's type ('error', 'unhandledrejection'). */
    .addColumn('name', 'text', (c) => c.notNull())
    /** The route pattern, ids redacted: /organizations/:id/members. */
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('value', 'real')
    .addColumn('message', 'text')
    .addColumn('app_version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('telemetry_kind_created').on('telemetry_events').columns(['kind', 'created_at']).execute()
  await db.schema
    .alterTable('users')
    .addColumn('telemetry_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('users').dropColumn('telemetry_opt_out').execute()
  await db.schema.dropTable('telemetry_events').execute()
}
