import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../collation'

/**
 * Group work (docs/group-work.md): the tasks members are given, the group's tags, the loops members
 * write after a task (or free loops), their photos, the feedback on them, whom each subscriber
 * follows and what each viewer has read.
 *
 * - `group_tasks` becomes editable: a task is for one role or several (`group_task_roles`, which
 *   replaces the single `group_role` column), a draft until `published_at` (a task published "at a
 *   date" has that date, in the future), with an optional `due_at`. The copies made from packages
 *   before this migration were shown to their members at once: they stay published.
 * - `loops`: text, `emotion` 1–5, the task (null: a free loop), the approval of a report, and
 *   `comment_count` / `activity_at` kept by the services so lists need no count per row and a
 *   viewer's unread mark is one comparison with `loop_reads.read_at`.
 * - `group_follows`: a subscriber follows members; both are members of the group (a composite key
 *   into group_members, so leaving the group or losing the membership removes the rows).
 * - Photos are kept in the database (as profile pictures are, ADR 010), re-encoded.
 */
export async function up(db: Kysely<any>) {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`

  await db.schema
    .alterTable('groups')
    .addColumn('free_loops', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await db.schema
    .createTable('group_task_roles')
    .addColumn('task_id', 'text', (c) => c.notNull().references('group_tasks.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_task_roles_pk', ['task_id', 'role'])
    .execute()
  await db.schema.createIndex('group_task_roles_group_role').on('group_task_roles').columns(['group_id', 'role']).execute()
  await sql`insert into group_task_roles (task_id, group_id, role) select id, group_id, group_role from group_tasks`.execute(db)
  await db.schema.dropIndex('group_tasks_group_role').execute()
  await db.schema.alterTable('group_tasks').dropColumn('group_role').execute()

  for (const column of ['published_at', 'due_at', 'created_by', 'created_at', 'updated_at'])
    await db.schema.alterTable('group_tasks').addColumn(column, 'text').execute()
  await sql`update group_tasks set published_at = (select created_at from groups where groups.id = group_tasks.group_id),
    created_at = (select created_at from groups where groups.id = group_tasks.group_id)`.execute(db)
  await db.schema.createIndex('group_tasks_group_position').on('group_tasks').columns(['group_id', 'position']).execute()

  await db.schema
    .createTable('group_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower case, trimmed: one tag of a name per group, whatever its case.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('group_tags_group_name').on('group_tags').columns(['group_id', 'name_key']).unique().execute()

  await db.schema
    .createTable('loops')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.references('group_tasks.id').onDelete('set null'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('emotion', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The last comment, approval or edit: a viewer's loop is unread while loop_reads.read_at is older.
    .addColumn('activity_at', 'text', (c) => c.notNull())
    .execute()
  const loopIndexes = [
    ['loops_group_created', ['group_id', 'created_at']],
    ['loops_group_task_created', ['group_id', 'task_id', 'created_at']],
    ['loops_group_author_created', ['group_id', 'author_id', 'created_at']],
    ['loops_author_created', ['author_id', 'created_at']],
  ] as const
  for (const [name, columns] of loopIndexes)
    await db.schema
      .createIndex(name)
      .on('loops')
      .columns([...columns])
      .execute()

  await db.schema
    .createTable('loop_tags')
    .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('group_tags.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loop_tags_pk', ['loop_id', 'tag_id'])
    .execute()
  await db.schema.createIndex('loop_tags_tag').on('loop_tags').columns(['tag_id', 'loop_id']).execute()

  await db.schema
    .createTable('loop_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', bytes, (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('loop_photos_loop').on('loop_photos').columns(['loop_id', 'position']).execute()

  await db.schema
    .createTable('loop_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('loop_comments_loop_created').on('loop_comments').columns(['loop_id', 'created_at']).execute()

  await db.schema
    .createTable('group_follows')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_follows_pk', ['group_id', 'subscriber_id', 'member_id'])
    .addForeignKeyConstraint('group_follows_subscriber', ['group_id', 'subscriber_id'], 'group_members', ['group_id', 'user_id'], (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint('group_follows_member', ['group_id', 'member_id'], 'group_members', ['group_id', 'user_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute()
  await db.schema.createIndex('group_follows_member').on('group_follows').columns(['group_id', 'member_id']).execute()

  await db.schema
    .createTable('loop_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loop_reads_pk', ['user_id', 'loop_id'])
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['loop_reads', 'group_follows', 'loop_comments', 'loop_photos', 'loop_tags', 'loops', 'group_tags'])
    await db.schema.dropTable(table).execute()
  await db.schema.dropIndex('group_tasks_group_position').execute()
  for (const column of ['published_at', 'due_at', 'created_by', 'created_at', 'updated_at'])
    await db.schema.alterTable('group_tasks').dropColumn(column).execute()
  await db.schema
    .alterTable('group_tasks')
    .addColumn('group_role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute()
  await sql`update group_tasks set group_role = coalesce((select min(role) from group_task_roles r where r.task_id = group_tasks.id), 'member')`.execute(
    db,
  )
  await db.schema.createIndex('group_tasks_group_role').on('group_tasks').columns(['group_id', 'group_role', 'position']).execute()
  await db.schema.dropTable('group_task_roles').execute()
  await db.schema.alterTable('groups').dropColumn('free_loops').execute()
}
