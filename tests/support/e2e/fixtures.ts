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
  /*
   * Each test is its own client: the server sits behind a loopback "proxy" (playwright.config.ts
   * sets TRUST_PROXY=loopback, so X-Forwarded-For from 127.0.0.1 is believed), so per-client
   * sign-in limits are not shared across the suite and one test's wrong passwords never block
   * another's sign-in.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` })
  },
  /*
   * With JavaScript, a navigation by `page.goto` returns once the app has hydrated (the root marks
   * <html data-hydrated>): a test acts like a person who waits for the page, and never clicks into
   * React's hydration on a slow machine.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await page
          .locator('html[data-hydrated]')
          .waitFor({ state: 'attached' })
          .catch(() => undefined)
        return response
      }
    }
    await use(page)
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors, javaScriptEnabled }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = message.text()
        if (HTTP_STATUS_MESSAGE.test(text) || allowedConsoleErrors.some((re) => re.test(text))) return
        errors.push(`console.error: ${text}`)
      })
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
      // A missing script or stylesheet (say, a build replaced under the running server) would
      // quietly turn a JavaScript journey into a no-JS one: that fails the test too.
      const isAsset = (type: string) => type === 'script' || type === 'stylesheet'
      page.on('response', (response) => {
        if (isAsset(response.request().resourceType()) && response.status() >= 400) {
          errors.push(`${response.request().resourceType()} ${response.url()} answered ${response.status()}`)
        }
      })
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText
        // Without JavaScript, Chromium refuses module preloads ("csp"); a navigation aborts the rest.
        if (!javaScriptEnabled || !isAsset(request.resourceType()) || reason === 'net::ERR_ABORTED') return
        errors.push(`${request.resourceType()} ${request.url()} failed: ${reason}`)
      })
      await use(errors)
      expect(errors, 'console errors or uncaught exceptions in the page').toEqual([])
    },
    { auto: true },
  ],
})
