import { sql, type Kysely } from 'kysely'

/**
 * An invitation addressed to a user can be declined from the invitations inbox (/invitations):
 * `declined_at` records when, the inviter's side shows it as declined, and its code stops working
 * (INVITATION_DECLINED). The pending invitations addressed to an email (the header's group
 * count and the inbox) leave declined ones out: the partial index of migration 017 does too, and
 * a second one answers the group-creator invitations (group_id null) the same way. The group home
 * lists a group's email invitations with their status to those who invite (by `group_id`, newest
 * first: a third index).
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('invitations').addColumn('declined_at', 'text').execute()
  await db.schema.dropIndex('invitations_email_pending').execute()
  await db.schema
    .createIndex('invitations_email_pending')
    .on('invitations')
    .columns(['email', 'expires_at'])
    .where(sql.ref('used_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .where(sql.ref('declined_at'), 'is', null)
    .where(sql.ref('group_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('invitations_email_pending_creator')
    .on('invitations')
    .columns(['email', 'expires_at'])
    .where(sql.ref('used_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .where(sql.ref('declined_at'), 'is', null)
    .where(sql.ref('group_id'), 'is', null)
    .execute()
  await db.schema.createIndex('invitations_group_created').on('invitations').columns(['group_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('invitations_group_created').execute()
  await db.schema.dropIndex('invitations_email_pending_creator').execute()
  await db.schema.dropIndex('invitations_email_pending').execute()
  await db.schema
    .createIndex('invitations_email_pending')
    .on('invitations')
    .columns(['email', 'expires_at'])
    .where(sql.ref('used_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .where(sql.ref('group_id'), 'is not', null)
    .execute()
  await db.schema.alterTable('invitations').dropColumn('declined_at').execute()
}
