import { z } from 'zod'

/**
 * Limits of bulk requests, shared by the bulk forms and JSON payloads (members.schemas.ts,
 * groups.schemas.ts) and by the API's body cap (MAX_JSON_BYTES in routes/api/api.server.ts),
 * which holds the largest payload these limits allow. Shared by server and browser.
 */

/** At most this many items (ids, members of a new group) in one bulk request, the page and the API alike. */
export const MAX_BULK_ITEMS = 10_000

/**
 * At most this many owner changes in one request. An owner change names two ids and a role, four
 * times the bytes of an id, so fewer of them fit the same body.
 */
export const MAX_OWNER_CHANGES = 4_000

/**
 * A bulk form's `scope`: `matching` ("select all N matching") acts on every item the list's
 * search and filters match, read from the URL the form posts to; the posted ids are then ignored.
 */
export const BULK_SCOPE_MATCHING = 'matching'

/** The longest id a bulk request may name (ours are 24 characters); a longer one is refused (validation.tooLong). */
export const MAX_ID_LENGTH = 32

/**
 * The selection fields of every bulk form: the checked rows' `ids`, or `scope=matching` with the
 * count the person confirmed (`expected`); `confirmed=1` once a destructive action was confirmed.
 */
export const bulkSelectionFields = {
  ids: z.array(z.string().max(MAX_ID_LENGTH, 'validation.tooLong')).max(MAX_BULK_ITEMS, 'validation.tooLong').default([]),
  scope: z.literal(BULK_SCOPE_MATCHING).optional(),
  expected: z.coerce.number().int().min(0).optional(),
  confirmed: z.literal('1').optional(),
}
export type BulkSelectionInput = z.infer<z.ZodObject<typeof bulkSelectionFields>>
