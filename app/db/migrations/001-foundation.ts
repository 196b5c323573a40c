import type { Kysely } from 'kysely'

// Migrations use only types both SQLite and PostgreSQL understand alike (text, integer).
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('sv'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/Stockholm'))
    .addColumn('auto_signout_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_signout_seconds', 'integer', (c) => c.notNull().defaultTo(900))
    .addColumn('unsubscribed_templates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('profile_pic', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_request_at', 'text')
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('data', 'text')
    .execute()
  await db.schema.createIndex('tokens_user_purpose').on('tokens').columns(['user_id', 'purpose']).execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['mail_outbox', 'rate_limits', 'tokens', 'sessions', 'users']) await db.schema.dropTable(t).execute()
}
