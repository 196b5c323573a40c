import { z } from 'zod'
import { parseListQuery } from '~/utils/list-query'
import { bulkSelectionFields, MAX_BULK_ITEMS, MAX_ID_LENGTH } from '../bulk.schemas'

/** Forms and JSON payloads of the member screens and API. Shared by server and browser. */

export const MEMBER_SORTS = ['name', 'email', 'created', 'lastRequest'] as const
export type MemberSort = (typeof MEMBER_SORTS)[number]

/** The member list's search, sort and page from the URL (?q=&sort=&dir=&page=); by name by default. */
export const parseMemberListQuery = (url: URL) => parseListQuery(url, { sorts: MEMBER_SORTS, defaultSort: 'name' })

const memberId = z.string().max(MAX_ID_LENGTH, 'validation.tooLong')
const memberIds = z.array(memberId).max(MAX_BULK_ITEMS, 'validation.tooLong')

/**
 * The payload of POST …/remove-members, …/add-group-creators and …/remove-group-creators
 * ("lists of members", spec section 7): `{ "members": ["<userId>", …] }`. `{ "memberIds": […] }`
 * and a bare JSON array of ids are accepted too. The answer is one `{ _id, result }` per distinct id.
 */
export const MemberListPayload = z
  .union([memberIds, z.object({ members: memberIds }), z.object({ memberIds })])
  .transform((v) => (Array.isArray(v) ? v : 'members' in v ? v.members : v.memberIds))

export const MEMBER_BULK_INTENTS = [
  'remove',
  'addGroupCreators',
  'removeGroupCreators',
  'addAdmins',
  'removeAdmins',
  'endSessions',
] as const
export type MemberBulkIntent = (typeof MEMBER_BULK_INTENTS)[number]

/**
 * The bulk form of the members page: the pressed button's `intent` and the selection (checked
 * `ids`, or `scope=matching`: every member the search matches). Removing and ending sessions
 * are destructive, and changing who administers the organization is weighty: without
 * `confirmed=1` the action asks first.
 */
export const MembersBulkSchema = z.object({ intent: z.enum(MEMBER_BULK_INTENTS), ...bulkSelectionFields })

/** The bulk form of the group creators list: the selection of bulkSelectionFields. */
export const GroupCreatorsBulkSchema = z.object(bulkSelectionFields)

/** The largest page GET /api/v1/organizations/{id}/members answers with `limit`. */
export const MEMBERS_API_MAX_LIMIT = 1000

/**
 * The optional query of GET /api/v1/organizations/{id}/members: `limit` (1–1000) members from
 * `cursor` on (the X-Next-Cursor of the previous page). Without them, every member.
 */
export const MemberListParams = z.object({
  limit: z.coerce
    .number({ invalid_type_error: 'validation.limit' })
    .int('validation.limit')
    .min(1, 'validation.limit')
    .max(MEMBERS_API_MAX_LIMIT, 'validation.limit')
    .optional(),
  cursor: z.string().min(1, 'validation.cursor').max(1000, 'validation.cursor').optional(),
})
