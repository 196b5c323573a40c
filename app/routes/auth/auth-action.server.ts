import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { DomainError } from '~/errors'

/**
 * Runs a service for an auth form: a DomainError becomes the form's error with its catalogue
 * status (401, 403, 429, ...), so the screen shows it and nothing changed.
 */
export async function formCall<T>(result: SubmissionResult, fn: () => Promise<T>) {
  try {
    return { ok: true as const, value: await fn() }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const body = { result, error: { code: error.code, ...(error.data as { retryAt?: string; email?: string }) } }
    return { ok: false as const, response: data(body, { status: error.status }) }
  }
}
