import { WebAuthnError } from '@simplewebauthn/browser'

/**
 * The browser's side of the passkey ceremonies (docs/auth.md): fetching a ceremony's options from
 * its resource route, and telling a cancelled ceremony from a failure.
 */

/** Fetches a ceremony's options (a POST: the server keeps its challenge), or the server's refusal `{ message }`. */
export async function fetchPasskeyOptions<T>(url: string): Promise<T | { message: string; retryAt?: string }> {
  const response = await fetch(url, { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' })
  const body = (await response.json().catch(() => null)) as T | { message?: string; retryAt?: string } | null
  if (!response.ok || !body) return { message: (body as { message?: string } | null)?.message ?? 'PASSKEY_INVALID' }
  return body as T
}

export const isRefusal = (value: unknown): value is { message: string; retryAt?: string } =>
  !!value && typeof value === 'object' && 'message' in value && typeof (value as { message: unknown }).message === 'string'

/** The user closed the browser's dialog, or another ceremony replaced this one: nothing to report as an error. */
export function isCancelled(error: unknown) {
  const cancelled = (e: unknown) => e instanceof DOMException && ['NotAllowedError', 'AbortError'].includes(e.name)
  if (error instanceof WebAuthnError) return error.code === 'ERROR_CEREMONY_ABORTED' || cancelled(error.cause)
  return cancelled(error)
}
