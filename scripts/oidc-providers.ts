import { DEMO_LOGINS } from '../tests/support/oidc/interaction'
import { envFor, startOidcProvider, type ProviderKind } from '../tests/support/oidc/providers'

/**
 * Starts the three local OpenID Connect providers for development, the demo and the browser tests
 * (docs/sso.md): `npx tsx scripts/oidc-providers.ts`. Ports: OIDC_PORT_GOOGLE (4401),
 * OIDC_PORT_MICROSOFT (4402), OIDC_PORT_SEI (4403); the app's origin: APP_URL (http://localhost:3000).
 * Prints the environment variables that point the app at them. Refuses to run in production.
 */
if (process.env.NODE_ENV === 'production' && process.env.OIDC_DEMO_PROVIDERS !== '1') {
  console.error('The demo OpenID providers are for development and tests only.')
  process.exit(1)
}
const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '')
const ports: Record<ProviderKind, number> = {
  google: Number(process.env.OIDC_PORT_GOOGLE ?? 4401),
  microsoft: Number(process.env.OIDC_PORT_MICROSOFT ?? 4402),
  seiLinkopingKommun: Number(process.env.OIDC_PORT_SEI ?? 4403),
}
const running = await Promise.all(
  (Object.keys(ports) as ProviderKind[]).map((kind) => startOidcProvider({ kind, port: ports[kind], appUrl })),
)
for (const p of running) {
  console.log(`${p.kind}: ${p.issuer} (demo logins: ${DEMO_LOGINS[p.kind].join(', ')})`)
  for (const [k, v] of Object.entries(envFor(p))) console.log(`  ${k}=${v}`)
}
const stop = async () => {
  await Promise.all(running.map((p) => p.close()))
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
