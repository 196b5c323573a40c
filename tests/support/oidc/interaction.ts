import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { ProviderKind } from './providers'

/**
 * The local providers' sign-in page: a demo identity is any login (an email address or a name);
 * its claims follow from it (see demoAccountClaims). A login starting with "unverified" gets an
 * unverified email. "Cancel" answers the app with access_denied, as a real provider does.
 */
export const DEMO_LOGINS: Record<ProviderKind, string[]> = {
  google: ['anna.andersson@skola.example.se', 'unverified.bo@skola.example.se'],
  microsoft: ['cecilia.carlsson@kommun.example.se'],
  seiLinkopingKommun: ['david.dahl@linkoping.example.se'],
}

/**
 * Misbehaviours a test asks of the provider by the login it signs in with, so that each test (and
 * each browser journey against the shared providers) chooses its own: `foreign-key:anna@x.se`
 * gets ID tokens re-signed with a key the provider never published under its own `kid`,
 * `foreign-kid:` the same under an unknown `kid`, `token-503:` a token endpoint answering
 * 503, `token-slow:` one that answers after the app has given up. The rest of the login is the
 * identity: the same subject and claims as without the prefix (a linked user's provider account).
 */
export const MISBEHAVIOURS = ['foreign-key', 'foreign-kid', 'token-503', 'token-slow'] as const
export type Misbehaviour = (typeof MISBEHAVIOURS)[number]

export function misbehaviourOf(login: string): { misbehaviour: Misbehaviour | null; identity: string } {
  const clean = login.trim().toLowerCase()
  const found = MISBEHAVIOURS.find((m) => clean.startsWith(`${m}:`))
  return found ? { misbehaviour: found, identity: clean.slice(found.length + 1) } : { misbehaviour: null, identity: clean }
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function demoAccountClaims(kind: ProviderKind, login: string) {
  const clean = misbehaviourOf(login).identity
  const email = clean.includes('@') ? clean : `${clean.replace(/[^a-z0-9.]/g, '')}@demo.example.se`
  const words = email
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map(titleCase)
  const given = words[0] ?? 'Demo'
  const family = words.slice(1).join(' ') || 'User'
  const digest = createHash('sha256').update(`${kind}:${clean}`).digest()
  const claims: Record<string, unknown> = {
    name: `${given} ${family}`,
    given_name: given,
    family_name: family,
    email,
    email_verified: !clean.startsWith('unverified'),
    preferred_username: email,
    upn: email,
  }
  if (kind === 'seiLinkopingKommun') {
    const n = digest.readUInt32BE(0)
    claims.personal_identity_number = `19${String(50 + (n % 50))}0${1 + (n % 9)}1${n % 10}${String(n).slice(-4).padStart(4, '0')}`
  }
  return claims
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

async function readBody(req: IncomingMessage) {
  let body = ''
  for await (const chunk of req) body += chunk
  return new URLSearchParams(body)
}

function page(kind: ProviderKind, uid: string) {
  const title = {
    google: 'Google-type demo provider',
    microsoft: 'Microsoft-type demo provider',
    seiLinkopingKommun: 'Linköping e-ID demo provider',
  }[kind]
  const buttons = DEMO_LOGINS[kind]
    .map((l) => `<li><button type="submit" name="login" value="${escape(l)}">${escape(l)}</button></li>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>
<h1>${title}</h1>
<form method="post" action="/interaction/${uid}/login">
<p>Choose a demo account:</p><ul>${buttons}</ul>
<label for="login">Or any login (an email address; one starting with "unverified" has an unverified email)</label>
<input id="login" name="other" type="text" autocomplete="off">
<button type="submit" name="login" value="">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`
}

export async function interactionPage(provider: Provider, kind: ProviderKind, req: IncomingMessage, res: ServerResponse) {
  const [, , uid, step] = (req.url ?? '').split('?')[0]!.split('/')
  const details = await provider.interactionDetails(req, res)
  if (details.uid !== uid) throw new Error('interaction mismatch')
  if (req.method === 'POST' && step === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    )
    return
  }
  if (req.method === 'POST' && step === 'login') {
    const form = await readBody(req)
    const login = (form.get('login') || form.get('other') || '').trim()
    if (!login) {
      res.writeHead(303, { Location: `/interaction/${uid}` }).end()
      return
    }
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId: Buffer.from(login.toLowerCase()).toString('hex') } },
      { mergeWithLastSubmission: false },
    )
    return
  }
  if (details.prompt.name === 'consent') {
    // First-party demo clients: consent is given without a screen (prompt=consent for offline access).
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) })
    const missing = details.prompt.details as {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '))
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true })
    return
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page(kind, uid!))
}
