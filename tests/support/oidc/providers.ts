import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTcpServer, type AddressInfo } from 'node:net'
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose'
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { demoAccountClaims, interactionPage, misbehaviourOf } from './interaction'

/**
 * Real OpenID Connect providers on 127.0.0.1 (oidc-provider), configured like the three the product
 * signs in with, for the tests and the demo. Never started in production (docs/sso.md).
 *
 * - google: code flow + PKCE, scopes `openid profile email offline_access`, `prompt=select_account`
 *   accepted, refresh tokens and revocation (Google has a revocation endpoint), no end-session
 *   endpoint (Google has none).
 * - microsoft: code flow + PKCE with the API-access scope `api.access` (a JWT access token whose
 *   audience is the product's client id), refresh tokens, end-session; no revocation endpoint
 *   (the Microsoft identity platform has none).
 * - seiLinkopingKommun (the municipal e-ID): scopes `openid bankid ad`, the personal identity number
 *   as a claim, refresh tokens, revocation and end-session.
 */
export type ProviderKind = 'google' | 'microsoft' | 'seiLinkopingKommun'

export interface ProviderOptions {
  kind: ProviderKind
  /** 0: any free port. */
  port: number
  /** The app's origin: redirect URIs are `${appUrl}/signin/sso/<kind>/callback` and `${appUrl}/signin`. */
  appUrl: string
  clientId?: string
  clientSecret?: string
  /** Seconds an ID token / access token lives (tests shorten it). */
  tokenTtl?: number
  /** Seconds a `token-slow:` login's token answer waits (longer than the app's SSO_TIMEOUT_SECONDS). */
  slowSeconds?: number
}

export interface RunningProvider {
  kind: ProviderKind
  issuer: string
  clientId: string
  clientSecret: string
  provider: Provider
  /** The refresh tokens revoked at the provider's revocation endpoint, with their account (login). */
  revocations: { login: string; token: string }[]
  close(): Promise<void>
}

export const ANOTHER_CLIENT_ID = 'another-app'
export const DEMO_CLIENT_SECRET = 'demo-client-secret-not-for-production-0123456789'
export const defaultClientId = (kind: ProviderKind) => `groups-${kind}`

const SCOPES: Record<ProviderKind, string[]> = {
  google: ['openid', 'profile', 'email', 'offline_access'],
  microsoft: ['openid', 'profile', 'email', 'offline_access'],
  seiLinkopingKommun: ['openid', 'bankid', 'ad', 'offline_access'],
}

const CLAIMS: Record<ProviderKind, Configuration['claims']> = {
  google: { openid: ['sub'], profile: ['name', 'given_name', 'family_name'], email: ['email', 'email_verified'] },
  microsoft: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
  seiLinkopingKommun: {
    openid: ['sub'],
    bankid: ['personal_identity_number', 'name', 'given_name', 'family_name'],
    ad: ['email', 'email_verified', 'upn'],
  },
}

function configuration(options: Required<ProviderOptions>, signingKey: object): Configuration {
  const { kind, appUrl, clientId, clientSecret, tokenTtl } = options
  const policy = interactionPolicy.base()
  // Google's account chooser: a requested prompt that the interaction page answers.
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0)
  const apiAccess = kind !== 'google'
  return {
    jwks: { keys: [signingKey as never] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/signin/sso/${kind}/callback`],
        post_logout_redirect_uris: [`${appUrl}/signin`, `${appUrl}/signin?notice=signedOut`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      // Another product at the same provider: its tokens are not for us (wrong audience, in tests).
      {
        client_id: ANOTHER_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/another-app/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    // The subject ignores a misbehaviour prefix (interaction.ts): `foreign-key:anna@x.se` is Anna.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ ...demoAccountClaims(kind, loginOf(id)), sub: accountIdOf(misbehaviourOf(loginOf(id)).identity) }),
    }),
    claims: CLAIMS[kind],
    scopes: [...SCOPES[kind], ...(apiAccess ? ['api.access'] : [])],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      IdToken: tokenTtl,
      AccessToken: tokenTtl,
      AuthorizationCode: 60,
      RefreshToken: 14 * 24 * 3600,
      Session: 3600,
      Interaction: 600,
      Grant: 14 * 24 * 3600,
    },
    // The e-ID provider issues refresh tokens without offline_access (its scopes are openid bankid ad).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (kind === 'seiLinkopingKommun' || code.scopes.has('offline_access')),
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: kind !== 'microsoft' },
      rpInitiatedLogout: {
        enabled: kind !== 'google',
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html lang="en"><head><title>Sign out</title></head><body><main><h1>Sign out of ${kind}?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button><button type="submit" form="op.logoutForm">No, stay signed in</button></main></body></html>`
        },
      },
      resourceIndicators: {
        enabled: apiAccess,
        defaultResource: async (ctx) => `api://${ctx.oidc.client!.clientId}`,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, _indicator, client) => ({
          scope: 'api.access',
          audience: client.clientId,
          accessTokenFormat: 'jwt',
          accessTokenTTL: tokenTtl,
        }),
      },
    },
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      // First-party demo clients: every requested scope and claim is granted without a consent screen.
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '))
      if (apiAccess) grant.addResourceScope(`api://${ctx.oidc.client!.clientId}`, 'api.access')
      await grant.save()
      return grant
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = `<!doctype html><html lang="en"><head><title>Error</title></head><body><main><h1>${out.error}</h1><p>${String(out.error_description ?? '').replace(/[<>&]/g, '')}</p></main></body></html>`
    },
  }
}

/** Starts one provider on 127.0.0.1:<port>; `close()` stops it. */
export async function startOidcProvider(options: ProviderOptions): Promise<RunningProvider> {
  const full: Required<ProviderOptions> = {
    clientId: defaultClientId(options.kind),
    clientSecret: DEMO_CLIENT_SECRET,
    tokenTtl: 3600,
    slowSeconds: 8,
    ...options,
  }
  if (full.port === 0) full.port = await freePort()
  const issuer = `http://127.0.0.1:${full.port}`
  // A new signing key at every start: a restart is a key rotation.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', alg: 'RS256' }
  const provider = new Provider(issuer, configuration(full, signingKey))
  const revocations: RunningProvider['revocations'] = []
  provider.use(await misbehaviours(signingKey.kid, full.slowSeconds, revocations))
  const callback = provider.callback()
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // No kept-alive connections: a restarted provider (a key rotation in the tests) leaves no dead sockets in clients' pools.
    res.setHeader('Connection', 'close')
    if (req.url?.startsWith('/interaction/')) {
      interactionPage(provider, full.kind, req, res).catch((error) => {
        res.statusCode = 500
        res.end(String(error))
      })
      return
    }
    callback(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(full.port, '127.0.0.1', () => resolve())
  })
  return {
    kind: full.kind,
    issuer,
    clientId: full.clientId,
    clientSecret: full.clientSecret,
    provider,
    revocations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * What a test asks of the provider by its login (interaction.ts, MISBEHAVIOURS), done to the
 * token endpoint's answer after oidc-provider has made it; and the record of revoked refresh
 * tokens (the revocation endpoint answers 200 whatever it is given, so tests read this).
 */
async function misbehaviours(publishedKid: string, slowSeconds: number, revocations: RunningProvider['revocations']) {
  // A key the provider never published: a token signed with it must be refused.
  const { privateKey: foreignKey } = await generateKeyPair('RS256')
  const resign = (idToken: string, kid: string) => {
    const header = decodeProtectedHeader(idToken)
    return new SignJWT(decodeJwt(idToken)).setProtectedHeader({ ...header, alg: 'RS256', kid }).sign(foreignKey)
  }
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const revokedToken = ctx.path === '/token/revocation' && ctx.method === 'POST'
    await next()
    if (revokedToken && ctx.status === 200 && ctx.oidc?.params?.token) {
      const token = String(ctx.oidc.params.token)
      revocations.push({ token, login: loginOf(String(ctx.oidc.entities.RefreshToken?.accountId ?? '')) })
    }
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return
    const entities = ctx.oidc.entities
    const accountId = entities.AuthorizationCode?.accountId ?? entities.RefreshToken?.accountId
    const { misbehaviour } = misbehaviourOf(loginOf(accountId ?? ''))
    const body = ctx.body as { id_token?: string }
    if (misbehaviour === 'foreign-key' && body.id_token) body.id_token = await resign(body.id_token, publishedKid)
    if (misbehaviour === 'foreign-kid' && body.id_token) body.id_token = await resign(body.id_token, randomUUID())
    if (misbehaviour === 'token-503') {
      ctx.status = 503
      ctx.type = 'text/plain'
      ctx.body = 'Service Unavailable'
    }
    if (misbehaviour === 'token-slow') await new Promise((resolve) => setTimeout(resolve, slowSeconds * 1000))
  }
}

/** A port the system has free on 127.0.0.1 (port 0: the tests that must not share fixed ports). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createTcpServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The app's environment variables for a running provider (docs/sso.md, README's table). */
export function envFor(running: Pick<RunningProvider, 'kind' | 'issuer' | 'clientId' | 'clientSecret'>): Record<string, string> {
  const prefix = { google: 'SSO_GOOGLE', microsoft: 'SSO_MICROSOFT', seiLinkopingKommun: 'SSO_SEI' }[running.kind]
  return {
    [`${prefix}_ISSUER`]: running.issuer,
    [`${prefix}_CLIENT_ID`]: running.clientId,
    [`${prefix}_CLIENT_SECRET`]: running.clientSecret,
  }
}

/** The subject is the login, hex-encoded: opaque to the app, stable per login. */
export const accountIdOf = (login: string) => Buffer.from(login.trim().toLowerCase()).toString('hex')
const loginOf = (accountId: string) => Buffer.from(accountId, 'hex').toString()
