import { DomainError } from '~/errors'

/** Counts change every minute and belong to one user: never cached. */
export const NO_STORE = { headers: { 'Cache-Control': 'private, no-store' } } satisfies ResponseInit

/**
 * The counts call's `timestamp`: the "seen up to" mark as the client knows it, an ISO date or
 * milliseconds since 1970; absent or empty is null (the stored mark). Anything else is 400.
 */
export function parseTimestamp(value: string | null): string | null {
  if (value === null || value === '') return null
  const time = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value)
  if (!Number.isFinite(time)) throw new DomainError('BAD_REQUEST', { errors: { timestamp: ['validation.timestamp'] } })
  return new Date(time).toISOString()
}
