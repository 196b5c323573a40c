import { sql, type Kysely } from 'kysely'

/**
 * The header polls the count of pending group invitations addressed to the user every 60 s
 * (GET /api/v1/studies/invitations/count): a partial index of the pending group invitations by
 * email and expiry answers it with one index range, whatever the number of used and revoked ones.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex('invitations_email_pending')
    .on('invitations')
    .columns(['email', 'expires_at'])
    .where(sql.ref('used_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .where(sql.ref('group_id'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('invitations_email_pending').execute()
}
