import type { Kysely } from 'kysely'

/**
 * Single sign-on (docs/sso.md). `user_identities`: one row per provider account linked to a user,
 * keyed by (issuer, subject), never by email. Nothing from the provider is kept beyond the key,
 * the provider's name and the email it gave (the e-ID personal identity number is never stored).
 * `sso_sessions`: the provider tokens of an SSO session, encrypted with a key derived from
 * SESSION_SECRET (refresh token for renewal and revocation, ID token as the end-session hint);
 * deleted with the session.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_identities_issuer_subject', ['issuer', 'subject'])
    .execute()
  await db.schema.createIndex('user_identities_user').on('user_identities').columns(['user_id', 'provider']).execute()
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id_hash', 'text', (c) => c.primaryKey().references('sessions.id_hash').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('renew_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('sso_sessions').execute()
  await db.schema.dropTable('user_identities').execute()
}
