import { hashPassword } from '~/auth/password.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { DB } from './db.server'

/** Demo accounts (also in the README). Every one is verified and can sign in at once. */
export const DEMO_USERS = [
  { name: 'Astrid Admin', email: 'admin@example.se', password: 'demo-password-1', locale: 'sv' },
  { name: 'Erik Ek', email: 'erik@example.se', password: 'demo-password-2', locale: 'sv' },
  { name: 'Emma English', email: 'emma@example.se', password: 'demo-password-3', locale: 'en' },
] as const

/** Idempotent: running it again changes nothing that exists. */
export async function seed(db: DB) {
  const created: string[] = []
  for (const u of DEMO_USERS) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst()
    if (exists) continue
    const now = nowIso()
    await db
      .insertInto('users')
      .values({
        id: newId(),
        name: u.name,
        email: u.email,
        password_hash: await hashPassword(u.password),
        email_verified_at: now,
        locale: u.locale,
        timezone: 'Europe/Stockholm',
        created_at: now,
      })
      .execute()
    created.push(u.email)
  }
  return created
}
