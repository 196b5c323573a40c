import type { Kysely } from 'kysely'

/**
 * Two-step verification with an authenticator app (docs/auth.md).
 * `user_totp`: one row per user who started or finished enrolment. `secret` is the TOTP key
 * sealed (JWE, A256GCM) with a key derived from SESSION_SECRET (HKDF, purpose "totp"), never the
 * key itself; `confirmed_at` is null until a first code confirms it (only then is it asked at
 * sign-in); `last_step` is the 30-second step of the last accepted code, so a code is accepted once.
 * `recovery_codes`: ten single-use codes per user, stored as SHA-256 hashes; `used_at` set once.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'bigint')
    .execute()
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropTable('user_totp').execute()
}
