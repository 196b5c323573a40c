import { expect } from 'vitest'
import { DomainError } from '~/errors'

/** Awaits a service call that must fail with the catalogue code; returns the error for more checks. */
export async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  expect((error as DomainError).code).toBe(code)
  return error as DomainError
}
