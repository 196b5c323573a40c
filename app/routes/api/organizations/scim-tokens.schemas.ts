import { z } from 'zod'

/** POST /api/v1/organizations/{id}/scim-tokens { name } (docs/directory-sync.md). */
export const DirectoryTokenName = z.object({ name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong') })
