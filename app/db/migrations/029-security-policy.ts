import type { Kysely } from 'kysely'

/**
 * Account security (docs/auth.md).
 * - `sessions.sign_in_method`: how the session was signed in ('password', 'two-step', 'passkey',
 *   'sso:<provider id>'), shown in the list of sessions and read by the organization policy.
 *   Sessions started before this migration have none (null: shown as "not recorded", and taken
 *   as a password for the policy).
 * - `organizations.two_step_policy`: 'off', 'admins' or 'admins-and-group-creators': who must
 *   have two-step verification (or a passkey) before reaching the organization's administration.
 * - `known_browsers`: the browser families (browser name and system, e.g. "Firefox|Linux") a user
 *   has signed in from; a sign-in from one not listed sends the "new browser" notice.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('sessions').addColumn('sign_in_method', 'text').execute()
  await db.schema
    .alterTable('organizations')
    .addColumn('two_step_policy', 'text', (c) => c.notNull().defaultTo('off'))
    .execute()
  await db.schema
    .createTable('known_browsers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_browsers_pk', ['user_id', 'family'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('known_browsers').execute()
  await db.schema.alterTable('organizations').dropColumn('two_step_policy').execute()
  await db.schema.alterTable('sessions').dropColumn('sign_in_method').execute()
}
