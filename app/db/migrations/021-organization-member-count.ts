import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../collation'

/**
 * An organization's number of members, kept on the organization by triggers, so the members list
 * of a large organization answers its total without counting 10,000 index entries per page (0.7
 * ms of every page of Storkommunen's list on SQLite). Every membership written or removed, by any
 * path (bulk removal, invitations, the platform screens, a user's deletion cascading), counts.
 * PostgreSQL counts once per statement (a bulk removal of 1,000 members updates the organization
 * once); SQLite once per row, in the same transaction.
 */
const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

export async function up(db: Kysely<any>) {
  await run(db, `alter table organizations add column member_count integer not null default 0`)
  await run(
    db,
    `update organizations set member_count = (select count(*) from organization_members m where m.organization_id = organizations.id)`,
  )
  if (isPostgres(db)) {
    for (const [name, table, sign] of [
      ['organization_members_count_added', 'added', '+'],
      ['organization_members_count_removed', 'removed', '-'],
    ] as const) {
      await run(
        db,
        `create function ${name}() returns trigger language plpgsql as $$
          begin
            update organizations o set member_count = o.member_count ${sign} c.n
            from (select organization_id, count(*) as n from ${table} group by organization_id) c
            where o.id = c.organization_id;
            return null;
          end $$`,
      )
    }
    await run(
      db,
      `create trigger organization_members_count_added after insert on organization_members
        referencing new table as added for each statement execute function organization_members_count_added()`,
    )
    await run(
      db,
      `create trigger organization_members_count_removed after delete on organization_members
        referencing old table as removed for each statement execute function organization_members_count_removed()`,
    )
  } else {
    await run(
      db,
      `create trigger organization_members_count_added after insert on organization_members begin
        update organizations set member_count = member_count + 1 where id = new.organization_id;
      end`,
    )
    await run(
      db,
      `create trigger organization_members_count_removed after delete on organization_members begin
        update organizations set member_count = member_count - 1 where id = old.organization_id;
      end`,
    )
  }
}

export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db)
  for (const name of ['organization_members_count_added', 'organization_members_count_removed']) {
    await run(db, `drop trigger ${name}${postgres ? ' on organization_members' : ''}`)
    if (postgres) await run(db, `drop function ${name}()`)
  }
  await db.schema.alterTable('organizations').dropColumn('member_count').execute()
}
