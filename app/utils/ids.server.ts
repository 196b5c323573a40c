import { createHash, randomBytes } from 'node:crypto'

/** Entity ids: 96 random bits as 24 hex characters (the shape of the `_id`s of the specification). */
export const newId = () => randomBytes(12).toString('hex')

/** Secrets handed to users (session ids, email tokens): 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Secrets are stored only as their SHA-256. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

export const nowIso = (now = new Date()) => now.toISOString()
export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)
