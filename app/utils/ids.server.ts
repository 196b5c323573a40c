import { createHash, randomBytes } from 'node:crypto'

/** Entity ids: 96 random bits as 24 hex characters (the shape of the `_id`s of the specification). */
export const newId = () => randomBytes(12).toString('hex')

/**
 * Ids for `count` rows written together (a telemetry batch), in the same shape: 64 random bits
 * shared by the batch, then a 32-bit counter. The rows sit side by side in the primary-key
 * index, so a 100-row insert touches a page or two of it instead of a hundred random ones
 * (~5x faster in SQLite), and the batch costs one call to the random source, not one per row.
 */
export function newBatchIds(count: number): string[] {
  const prefix = randomBytes(8).toString('hex')
  return Array.from({ length: count }, (_, i) => prefix + i.toString(16).padStart(8, '0'))
}

/** Secrets handed to users (session ids, email tokens): 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Secrets are stored only as their SHA-256. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

export const nowIso = (now = new Date()) => now.toISOString()
export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)
