import { spawn } from 'node:child_process'
import { DEMO_LOGINS } from '../tests/support/oidc/interaction'
import { envFor, startOidcProvider, type ProviderKind } from '../tests/support/oidc/providers'

/**
 * `npm run start:demo` (and the end of `npm run demo`): the built app with the development
 * configuration, and beside it three local OpenID providers (Google-type, Microsoft-type and the
 * e-ID) with demo identities, so every single sign-on journey can be tried on one machine
 * (docs/sso.md). SSO_* variables set by hand win. Never in production.
 */
if (process.env.NODE_ENV === 'production') {
  console.error('start:demo is the development configuration; in production run `npm start`.')
  process.exit(1)
}
const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '')
const ports: Record<ProviderKind, number> = {
  google: Number(process.env.OIDC_PORT_GOOGLE ?? 4401),
  microsoft: Number(process.env.OIDC_PORT_MICROSOFT ?? 4402),
  seiLinkopingKommun: Number(process.env.OIDC_PORT_SEI ?? 4403),
}
const providers = await Promise.all(
  (Object.keys(ports) as ProviderKind[]).map((kind) => startOidcProvider({ kind, port: ports[kind], appUrl })),
)
const ssoEnv = Object.assign({}, ...providers.map(envFor)) as Record<string, string>
for (const p of providers) console.info(`Demo ${p.kind} provider at ${p.issuer} (try ${DEMO_LOGINS[p.kind][0]}, or any email address)`)

const server = spawn(process.execPath, ['--max-old-space-size=128', '--max-semi-space-size=8', 'build/server.js'], {
  env: { ...ssoEnv, MALLOC_ARENA_MAX: '2', ...process.env },
  stdio: 'inherit',
})
const stop = (signal: NodeJS.Signals) => server.kill(signal)
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', async (code) => {
  await Promise.all(providers.map((p) => p.close()))
  process.exit(code ?? 0)
})
