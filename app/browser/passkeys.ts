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

/**
 * The user closed the browser's dialog, or another ceremony replaced this one: nothing to report
 * as an error. (The library's WebAuthnError takes its cause's name, and has a code.)
 */
export function isCancelled(error: unknown) {
  if (!error || typeof error !== 'object') return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError'
}

/** Whether the browser has WebAuthn at all (the library's own check, without loading it). */
export const supportsWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

/** The library, loaded on first use: pages that show no passkey ceremony never download it. */
export const webAuthnBrowser = () => import('@simplewebauthn/browser')
