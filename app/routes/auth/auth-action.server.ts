import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { DomainError } from '~/errors'

/**
 * Runs a service for an auth form: a DomainError becomes the form's error with its catalogue
 * status (401, 403, 429, ...), so the screen shows it and nothing changed. A BAD_REQUEST that
 * names fields (a password too easy to guess) is shown under those fields, as a schema's error.
 */
export async function formCall<T>(result: SubmissionResult, fn: () => Promise<T>) {
  try {
    return { ok: true as const, value: await fn() }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const fields = fieldErrorsOf(error)
    if (fields) {
      const body = { result: { ...result, error: { ...result.error, ...fields } }, error: null }
      return { ok: false as const, response: data(body, { status: error.status }) }
    }
    const body = { result, error: { code: error.code, ...(error.data as { retryAt?: string; email?: string }) } }
    return { ok: false as const, response: data(body, { status: error.status }) }
  }
}

function fieldErrorsOf(error: DomainError): Record<string, string[]> | null {
  const errors = error.data.errors
  if (error.code !== 'BAD_REQUEST' || !errors || typeof errors !== 'object') return null
  const named = Object.entries(errors as Record<string, unknown>).filter(([field, keys]) => field && Array.isArray(keys))
  return named.length ? (Object.fromEntries(named) as Record<string, string[]>) : null
}
