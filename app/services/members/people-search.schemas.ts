import { z } from 'zod'
import { MAX_ID_LENGTH } from '../bulk.schemas'

const id = z.string().trim().min(1).max(MAX_ID_LENGTH)
const q = z.string().trim().max(200).default('')

/** GET /people/search: where the picker searches (services/members/people-search.server.ts PeopleScope) and the text. */
export const PeopleSearchSchema = z.discriminatedUnion('for', [
  z.object({ for: z.literal('new-group'), organizationId: id, q }),
  z.object({ for: z.literal('group-owner'), organizationId: id, q }),
  z.object({ for: z.literal('group-invite'), groupId: id, q }),
])
