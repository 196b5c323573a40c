import type { Kysely } from 'kysely'

/**
 * A platform admin's reset of an account that lost every second factor (ASVS 6.4.4, docs/security.md
 * "Lost every factor"): `account_recoveries` keeps each reset, who made it (`actor_id`; null once
 * that account is gone), when, the identity checks the admin recorded (`identity_checks`, required
 * text) and what it removed (`removed`, JSON: two-step, recovery codes, passkeys, provider accounts,
 * sessions). It goes with the account it is about (cascade): it holds what the admin wrote about
 * the person.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('account_recoveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('identity_checks', 'text', (c) => c.notNull())
    .addColumn('removed', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('account_recoveries_user').on('account_recoveries').columns(['user_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('account_recoveries').execute()
}
