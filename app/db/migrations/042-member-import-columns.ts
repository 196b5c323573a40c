import type { Kysely } from 'kysely'

/**
 * What an uploaded member file's header said (issue 35): `member_imports.columns` keeps, beside
 * the parsed rows, which columns the import reads (each header as written, and as what) and which
 * it leaves out, for the preview to say. JSON (ImportColumns, services/member-import/parse.server.ts);
 * null for an upload stored before it (uploads last an hour).
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('member_imports').addColumn('columns', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('member_imports').dropColumn('columns').execute()
}
