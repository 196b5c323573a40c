import { db } from '~/db/db.server'
import { sealTotpKey } from '~/services/two-step/secret.server'

/** Turns two-step verification on for a user directly (a confirmed key), as if they had enrolled. */
export async function enableTotpFor(userId: string, key = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') {
  await db().deleteFrom('user_totp').where('user_id', '=', userId).execute()
  await db()
    .insertInto('user_totp')
    .values({
      user_id: userId,
      secret: await sealTotpKey(key),
      created_at: new Date().toISOString(),
      confirmed_at: new Date().toISOString(),
      last_step: null,
    })
    .execute()
}
