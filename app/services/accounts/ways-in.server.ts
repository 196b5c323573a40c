import { isPostgres } from '~/db/collation'
import type { DB } from '~/db/db.server'

/**
 * The ways an account can sign in by itself: its password, each linked provider account, each
 * passkey. Unlinking a provider account (user-identities.server.ts) and removing a passkey
 * (passkeys/passkeys.server.ts) both keep the last one: an account is never left without a way in.
 * Pass the change's transaction, so the count and the removal agree: on PostgreSQL the user's row
 * is locked, so two removals at once (two passkeys, a passkey and a provider account) take turns
 * and the second sees the first (SQLite runs one writing transaction at a time anyway).
 */
export async function waysIn(db: DB, userId: string): Promise<number> {
  // One after another: inside a transaction they share one connection.
  const users = db.selectFrom('users').select('password_hash').where('id', '=', userId)
  const user = await (db.isTransaction && isPostgres(db) ? users.forUpdate() : users).executeTakeFirst()
  const identities = await db
    .selectFrom('user_identities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  const passkeys = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return (user?.password_hash ? 1 : 0) + Number(identities.n) + Number(passkeys.n)
}
