import { z } from 'zod'

/** The directory sync forms of the organization home (messages are translation keys). */
export const CreateDirectoryTokenSchema = z.object({
  intent: z.literal('directoryToken'),
  name: z
    .string({ required_error: 'orgHome.directory.nameRequired' })
    .trim()
    .min(1, 'orgHome.directory.nameRequired')
    .max(100, 'validation.tooLong'),
})

export const RevokeDirectoryTokenSchema = z.object({
  intent: z.literal('directoryRevoke'),
  tokenId: z.string().min(1).max(64),
  name: z.string().max(200).optional(),
  confirmed: z.literal('1').optional(),
})

export const DirectoryOwnerSchema = z.object({
  intent: z.literal('directoryOwner'),
  userId: z.string().min(1).max(64),
})
