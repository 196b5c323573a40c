import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every way into an account (a session started, or a provider account linked) is listed in
 * docs/security.md "Paths into an account" with the test that covers it (issue 33 item 1). This
 * finds the modules that call the functions that do either, so that a new one cannot appear
 * without being listed there (and routed through the second step's decision, secondStepFor).
 */
const ROOT = join(__dirname, '..', '..')
const STARTERS = /\b(createSession|startSsoSession|linkIdentity|linkProven)\(/g
const DEFINITION = /\bfunction (createSession|startSsoSession|linkIdentity|linkProven)\(/g

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Each module of app/ that calls one of them, with the ones it calls. */
function callers() {
  const found: Record<string, string[]> = {}
  for (const path of sources(join(ROOT, 'app'))) {
    const text = readFileSync(path, 'utf8').replace(DEFINITION, '')
    const called = [...new Set([...text.matchAll(STARTERS)].map((m) => m[1]!))].sort()
    if (called.length) found[relative(ROOT, path)] = called
  }
  return found
}

describe('paths into an account', () => {
  it('are the known ones: a new caller of createSession, startSsoSession, linkIdentity or linkProven must be added here and to docs/security.md', () => {
    expect(callers()).toEqual({
      'app/auth/sso/complete.server.ts': ['createSession'],
      'app/routes/api/signin-second-factor.ts': ['createSession'],
      'app/routes/api/signin.ts': ['createSession'],
      'app/routes/auth/passkey-signin.server.ts': ['createSession'],
      'app/routes/auth/signin.tsx': ['createSession'],
      'app/routes/auth/signup-confirm/intents.server.ts': ['startSsoSession'],
      'app/routes/auth/sso/complete-callback.server.ts': ['linkProven', 'startSsoSession'],
      'app/routes/auth/sso/confirm-link.tsx': ['startSsoSession'],
      'app/routes/auth/two-step.tsx': ['createSession', 'startSsoSession'],
      'app/services/accounts/provider-links.server.ts': ['linkIdentity', 'linkProven'],
      'app/services/accounts/user-identities.server.ts': ['linkIdentity'],
    })
  })

  it('each module is named in docs/security.md "Paths into an account"', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'security.md'), 'utf8')
    const section = doc.slice(doc.indexOf('## Paths into an account'), doc.indexOf('\n## ', doc.indexOf('## Paths into an account') + 1))
    expect(section.length).toBeGreaterThan(100)
    for (const path of Object.keys(callers())) expect(section, path).toContain(path)
  })
})
