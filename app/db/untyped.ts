import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely'

/*
 * Kysely's types without the schema, for the few helpers that serve queries over different
 * tables and joins (a filter on `g.*` in several queries, a batch delete of any table, the
 * collation of any database, one source of the library feed among several): Kysely types those
 * only as `any`. Everything else takes the schema's types (app/db/schema.ts).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the one place these are spelled, see above */
export type AnyKysely = Kysely<any>
export type AnyExpressionBuilder = ExpressionBuilder<any, any>
export type AnySelectQuery = SelectQueryBuilder<any, any, any>
/* eslint-enable @typescript-eslint/no-explicit-any */
