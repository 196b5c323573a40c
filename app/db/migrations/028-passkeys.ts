import type { Kysely } from 'kysely'

/**
 * Passkeys (WebAuthn, docs/auth.md).
 * `passkeys`: one row per credential a user registered. `credential_id` is the authenticator's
 * id (base64url, unique across users: a credential belongs to one account), `public_key` its COSE
 * public key (base64url). `counter` is the signature counter last seen (0 for authenticators
 * that keep none), `device_type` 'singleDevice' | 'multiDevice' and `backed_up` (0/1) the backup
 * flags of the registration (backed_up is updated at each sign-in), `transports` a JSON list.
 * `passkey_challenges`: the challenge of each ceremony, as its SHA-256 hash, single-use
 * (`used_at` set once, by a conditional update) and short-lived (`expires_at`, 5 minutes).
 * `user_id` names the user adding a passkey; a sign-in's challenge names nobody (discoverable
 * credentials: the passkey tells who it is).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('aaguid', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute()
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute()
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('passkey_challenges_expires').on('passkey_challenges').column('expires_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('passkey_challenges').execute()
  await db.schema.dropTable('passkeys').execute()
}
