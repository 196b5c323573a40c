import type { Kysely } from 'kysely'

/**
 * The subscribers' weekly digest (docs/group-work.md "Digest"): one row per subscriber and week
 * the digest covers (`week`: that week's Monday, a local date in the subscriber's time zone),
 * written in the transaction that queues its email. The primary key makes it once a week however
 * many processes run the job: the one whose insert lands sends it. `loop_count` is how many loops
 * it held (0: nothing to tell, no email). It goes with the account (cascade).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('loop_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('loop_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('loop_digests_pk', ['user_id', 'week'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('loop_digests').execute()
}
