import type { Kysely } from 'kysely'

/**
 * A fresh proof for security changes ("sudo mode", docs/auth.md "Confirm it's you"):
 * `sessions.proved_at` is when the session's user last proved who they are: at sign-in (password,
 * code, passkey, provider) and on /confirm-identity. Adding or removing a passkey, linking or
 * unlinking a provider account and setting up two-step ask for one within the last 10 minutes.
 * Sessions started before this migration have none: their next such change asks for a proof.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('sessions').addColumn('proved_at', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('sessions').dropColumn('proved_at').execute()
}
