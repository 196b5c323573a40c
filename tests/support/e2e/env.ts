import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * What playwright.config.ts, serve-app.ts and the test helpers must agree on: the app's port, its
 * session secret (invitation codes are HMACs keyed with it, see orgs.ts) and where the snapshot of
 * the app, with its database, lives.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
/** The SMTP sink's ports (SMTP, and HTTP for reading what arrived); set both to run two checkouts at once. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525)
export const E2E_SMTP_HTTP_PORT = Number(process.env.E2E_SMTP_HTTP_PORT ?? 2526)
export const E2E_SESSION_SECRET = 'e2e-only-session-secret-0123456789abcdef'
/** DATABASE_URL of the app under test: relative to the snapshot folder, the server's working directory. */
export const E2E_DATABASE_URL = 'file:./data/e2e.db'

/** The folder serve-app.ts builds and serves the app from (and the server's working directory). */
export const e2eAppDir = (port: string | number = process.env.PORT ?? E2E_PORT) => join(tmpdir(), `groups-e2e-app-${port}`)

/** The SQLite file of the app under test (fresh for every run). */
export const e2eDatabaseFile = () => join(e2eAppDir(E2E_PORT), E2E_DATABASE_URL.slice('file:'.length))

/** The local OpenID providers of the SSO journeys (scripts/oidc-providers.ts): Google-type, Microsoft-type, e-ID. */
export const E2E_OIDC_PORTS = {
  google: Number(process.env.E2E_OIDC_PORT_GOOGLE ?? 4401),
  microsoft: Number(process.env.E2E_OIDC_PORT_MICROSOFT ?? 4402),
  seiLinkopingKommun: Number(process.env.E2E_OIDC_PORT_SEI ?? 4403),
}
