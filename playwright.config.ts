import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium'
import { E2E_DATABASE_URL, E2E_OIDC_PORTS, E2E_PORT, E2E_SESSION_SECRET, E2E_SMTP_HTTP_PORT, E2E_SMTP_PORT } from './tests/support/e2e/env'
import { DEMO_CLIENT_SECRET } from './tests/support/oidc/providers'

/**
 * Browser journeys (tests/e2e) against the production build, with a real SMTP sink.
 * Run with `npm run test:e2e` (= `playwright test`). Chromium is Debian's (/usr/bin/chromium):
 * `npx playwright install` is not needed and does not work here. Override with CHROMIUM_PATH.
 */
const PORT = E2E_PORT
const BASE_URL = `http://localhost:${PORT}`
const SMTP_PORT = E2E_SMTP_PORT
const SMTP_HTTP_PORT = E2E_SMTP_HTTP_PORT

const chromium = {
  ...devices['Desktop Chrome'],
  // Swedish is the product's default; Playwright's browser would otherwise ask for en-US.
  locale: 'sv-SE',
  timezoneId: 'Europe/Stockholm',
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...chromium, javaScriptEnabled: true } },
    // The key journeys again, without JavaScript: every form must work as plain HTML.
    { name: 'chromium-nojs', grep: /@nojs/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      name: 'smtp-sink',
      command: 'npx tsx tests/support/smtp-sink.ts',
      url: `http://127.0.0.1:${SMTP_HTTP_PORT}/healthz`,
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_HTTP_PORT) },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 30_000,
    },
    {
      // The three single sign-on providers (real oidc-provider instances, ~1 s to start): tests/e2e/sso-*.spec.ts.
      name: 'oidc-providers',
      command: 'npx tsx scripts/oidc-providers.ts',
      url: `http://127.0.0.1:${E2E_OIDC_PORTS.seiLinkopingKommun}/.well-known/openid-configuration`,
      env: {
        APP_URL: BASE_URL,
        OIDC_PORT_GOOGLE: String(E2E_OIDC_PORTS.google),
        OIDC_PORT_MICROSOFT: String(E2E_OIDC_PORTS.microsoft),
        OIDC_PORT_SEI: String(E2E_OIDC_PORTS.seiLinkopingKommun),
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore',
      timeout: 30_000,
    },
    {
      name: 'app',
      // Builds and serves a snapshot of the working tree with a fresh database (the server
      // migrates it at start); see tests/support/e2e/serve-app.ts for why not in place.
      command: 'npx tsx tests/support/e2e/serve-app.ts',
      url: `${BASE_URL}/healthz`,
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE_URL,
        DATABASE_URL: E2E_DATABASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Groups <no-reply@example.se>',
        // Also keys invitation codes: tests/support/e2e/orgs.ts hashes the codes it inserts with it.
        SESSION_SECRET: E2E_SESSION_SECRET,
        BRAND_NAME: 'Groups',
        // The tests play a proxy on this machine: each test sends its own X-Forwarded-For
        // (tests/support/e2e/fixtures.ts), so per-client limits are per test.
        TRUST_PROXY: 'loopback',
        // Single sign-on against the local providers above (docs/sso.md).
        SSO_GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORTS.google}`,
        SSO_GOOGLE_CLIENT_ID: 'groups-google',
        SSO_GOOGLE_CLIENT_SECRET: DEMO_CLIENT_SECRET,
        SSO_MICROSOFT_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORTS.microsoft}`,
        SSO_MICROSOFT_CLIENT_ID: 'groups-microsoft',
        SSO_MICROSOFT_CLIENT_SECRET: DEMO_CLIENT_SECRET,
        SSO_SEI_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORTS.seiLinkopingKommun}`,
        SSO_SEI_CLIENT_ID: 'groups-seiLinkopingKommun',
        SSO_SEI_CLIENT_SECRET: DEMO_CLIENT_SECRET,
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      timeout: 240_000,
    },
  ],
})
