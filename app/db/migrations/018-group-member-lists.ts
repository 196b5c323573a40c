import { sql, type Kysely } from 'kysely'
import { isPostgres, PG_SWEDISH_COLLATION, SQLITE_SORT_KEY_FUNCTION } from '../collation'

/**
 * A group home's member list (docs/groups.md) reads one page of one index of the group's own rows, as
 * the organization's members list does (migrations 005 and 008), whatever the group's size.
 *
 * group_members keeps a copy of its user's name and email, maintained by triggers (a new
 * membership copies them; a change of the user copies it to their memberships); on SQLite also
 * their stored Swedish sort keys (`name_key`, `email_key`, as in 008: plain columns, so a plain
 * `sqlite3` shell can check and rebuild every index). One index per sort of the list: (group,
 * sort key, user id); the role sort's key is the role's rank in the role table's order (owner,
 * leader, member, subscriber), the same expression as `roleRank` (services/groups/group-access.server.ts).
 * Every sort reads its index forwards or backwards: no sort of the group's rows per page.
 */
const ROLE_RANK = `(case role when 'owner' then 0 when 'leader' then 1 when 'member' then 2 when 'subscriber' then 3 else 4 end)`

const INDEXES = ['group_members_group_role', 'group_members_group_name', 'group_members_group_email', 'group_members_group_joined']

const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await run(db, `alter table group_members add column name text not null default ''`)
  await run(db, `alter table group_members add column email text not null default ''`)
  if (postgres) {
    await run(db, `update group_members set name = u.name, email = u.email from users u where u.id = group_members.user_id`)
    await run(
      db,
      `create function group_members_copy_user() returns trigger language plpgsql as $$
        begin
          select u.name, u.email into new.name, new.email from users u where u.id = new.user_id;
          return new;
        end $$`,
    )
    await run(
      db,
      `create trigger group_members_copy_user before insert on group_members for each row execute function group_members_copy_user()`,
    )
    await run(
      db,
      `create function users_copy_to_group_members() returns trigger language plpgsql as $$
        begin
          update group_members set name = new.name, email = new.email where user_id = new.id;
          return null;
        end $$`,
    )
    await run(
      db,
      `create trigger users_copy_to_group_members after update of name, email on users
        for each row when (old.name is distinct from new.name or old.email is distinct from new.email)
        execute function users_copy_to_group_members()`,
    )
  } else {
    await run(db, `alter table group_members add column name_key text`)
    await run(db, `alter table group_members add column email_key text`)
    await run(
      db,
      `update group_members set
        name = (select u.name from users u where u.id = group_members.user_id),
        email = (select u.email from users u where u.id = group_members.user_id)`,
    )
    // The keys follow every write of the copies (the insert trigger's update included), as in 008.
    await run(
      db,
      `create trigger group_members_sort_keys after update of name, email on group_members begin
        update group_members set name_key = ${SQLITE_SORT_KEY_FUNCTION}(new.name), email_key = ${SQLITE_SORT_KEY_FUNCTION}(new.email)
        where group_id = new.group_id and user_id = new.user_id;
      end`,
    )
    await run(db, `update group_members set name_key = ${SQLITE_SORT_KEY_FUNCTION}(name), email_key = ${SQLITE_SORT_KEY_FUNCTION}(email)`)
    await run(
      db,
      `create trigger group_members_copy_user after insert on group_members begin
        update group_members set
          name = (select u.name from users u where u.id = new.user_id),
          email = (select u.email from users u where u.id = new.user_id)
        where group_id = new.group_id and user_id = new.user_id;
      end`,
    )
    await run(
      db,
      `create trigger users_copy_to_group_members after update of name, email on users
        when old.name is not new.name or old.email is not new.email begin
        update group_members set name = new.name, email = new.email where user_id = new.id;
      end`,
    )
  }
  const sorted = (column: 'name' | 'email') => (postgres ? `${column} collate "${PG_SWEDISH_COLLATION}"` : `${column}_key`)
  await run(db, `create index group_members_group_role on group_members (group_id, ${ROLE_RANK}, ${sorted('name')}, user_id)`)
  await run(db, `create index group_members_group_name on group_members (group_id, ${sorted('name')}, user_id)`)
  await run(db, `create index group_members_group_email on group_members (group_id, ${sorted('email')}, user_id)`)
  await run(db, `create index group_members_group_joined on group_members (group_id, created_at, user_id)`)
}

export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db)
  for (const name of INDEXES) await db.schema.dropIndex(name).execute()
  await run(db, `drop trigger users_copy_to_group_members${postgres ? ' on users' : ''}`)
  await run(db, `drop trigger group_members_copy_user${postgres ? ' on group_members' : ''}`)
  if (!postgres) await run(db, `drop trigger group_members_sort_keys`)
  if (postgres) {
    await run(db, `drop function users_copy_to_group_members()`)
    await run(db, `drop function group_members_copy_user()`)
  }
  for (const column of postgres ? ['email', 'name'] : ['email_key', 'name_key', 'email', 'name']) {
    await db.schema.alterTable('group_members').dropColumn(column).execute()
  }
}
