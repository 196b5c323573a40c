import { test as base, expect } from '@playwright/test'

export { expect }

/** The HTTP status of a loaded resource is the test's business (it asserts it); not a console error. */
const HTTP_STATUS_MESSAGE = /^Failed to load resource: the server responded with a status of \d{3}/

export interface E2EFixtures {
  /** Console errors a test expects (beyond HTTP statuses); any other one fails the test. */
  allowedConsoleErrors: RegExp[]
  /** Collected automatically: console errors and uncaught page errors, checked after the test. */
  consoleErrors: string[]
}

/**
 * The `test` of every journey. A console error or an uncaught exception in the page fails the
 * test (conventions: "A console.error during a test fails it unless the test expects it").
 */
export const test = base.extend<E2EFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = message.text()
        if (HTTP_STATUS_MESSAGE.test(text) || allowedConsoleErrors.some((re) => re.test(text))) return
        errors.push(`console.error: ${text}`)
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
      await use(errors)
      expect(errors, 'console errors or uncaught exceptions in the page').toEqual([])
    },
    { auto: true },
  ],
})
