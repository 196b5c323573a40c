#!/usr/bin/env node
/**
 * Issue 24 item 2: a folder per domain in app/services/. Moves each flat module (and its test) to
 * its domain's folder with `git mv`, then rewrites every import specifier that points at a moved
 * module, in `~/services/…` and in relative form, across app/, server/, tests/, bench/, scripts/
 * and the root config files, and the paths that comments and docs/ name. Idempotent: a second run changes nothing. Re-run it after merging
 * other branches (it moves the files still flat and fixes their imports and everyone else's).
 *
 *   node scripts/codemods/service-folders.mjs
 *
 * It prints each move and each rewritten file, then "nothing to change" when there was nothing to
 * do; flat modules it does not know (new since the map was written) are named, to be placed by hand
 * in FOLDERS below (or left at the top level if they are cross-cutting, see app/services/README.md).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..')
const SERVICES = 'app/services'

/** Folder → the flat modules (names without `.ts`) that go there; a module's `.test.ts` goes with it. */
const FOLDERS = {
  organizations: [
    'organizations.server',
    'organizations.schemas',
    'organization-policy.server',
    'organization-member-count.server.test',
    'audit-log.server',
  ],
  members: [
    'members.server',
    'members.schemas',
    'member-batches.server',
    'member-csv.server',
    'member-removal.server',
    'group-creators.server',
    'attendance-permission.server',
    'people-search.server',
    'people-search.schemas',
  ],
  groups: [
    'groups.server',
    'groups.schemas',
    'groups.constants',
    'group-access.server',
    'group-bulk.server',
    'group-creation.server',
    'group-creation.schemas',
    'group-home.server',
    'group-owners.server',
    'group-roles',
    'group-statistics.server',
    'group-with-members.server',
    'my-groups.server',
    'my-groups.schemas',
    'member-emails.server.test',
    'menu.server',
  ],
  invitations: [
    'invitations.server',
    'invitations.schemas',
    'invitation-admin.server',
    'invitation-codes.server',
    'invitation-inbox.server',
    'invitation-redeem-limits.server',
    'invitation-redemption.server',
    'invitation-sign-up.server',
  ],
  profile: [
    'profile.server',
    'profile.schemas',
    'profile.constants',
    'profile-pictures.server',
    'email-change.server',
    'my-data.server',
    'user-agent',
  ],
  accounts: ['users.server', 'user-identities.server', 'ways-in.server', 'sso-api-signin.server', 'security-notices.server'],
  platform: [
    'platform.server',
    'platform.schemas',
    'platform-organizations.server',
    'telemetry.server',
    'telemetry.schemas',
    'app-version.server',
    'app-version.schemas',
    'housekeeping.server',
  ],
  alerts: ['alerts.server', 'alert-destinations.server', 'alert-templates', 'feed.server', 'notification-counts.server'],
}

/** old path → new path (repository-relative, with extension), tests included. */
const MOVES = new Map()
for (const [folder, modules] of Object.entries(FOLDERS)) {
  for (const name of modules) {
    const names = name.endsWith('.test') ? [name] : [name, `${name}.test`]
    for (const n of names) MOVES.set(`${SERVICES}/${n}.ts`, `${SERVICES}/${folder}/${n}.ts`)
  }
}
const BACK = new Map([...MOVES].map(([from, to]) => [to, from]))

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' })
const abs = (path) => join(ROOT, path)
const isFile = (path) => existsSync(abs(path)) && statSync(abs(path)).isFile()
const isDir = (path) => existsSync(abs(path)) && statSync(abs(path)).isDirectory()
let changes = 0

// 1. Move.
for (const [from, to] of MOVES) {
  if (!isFile(from)) continue
  if (isFile(to)) {
    console.error(`both ${from} and ${to} exist: merge them by hand`)
    process.exitCode = 2
    continue
  }
  changes++
  console.log(`move ${from} -> ${to}`)
  mkdirSync(dirname(abs(to)), { recursive: true })
  git('mv', from, to)
}

// 2. Rewrite the import specifiers.
const SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx']
const exists = (path) => isFile(path) || isDir(path)
/** The module a spec-form path names: [the file (or folder), the suffix the resolution added], or null. */
function resolveModule(base) {
  for (const suffix of SUFFIXES) if (exists(base + suffix)) return [base + suffix, suffix]
  return null
}
/** The same module after the moves, when it was one of the moved files (whether or not it is moved yet). */
function movedModule(base) {
  for (const suffix of SUFFIXES) {
    const to = MOVES.get(base + suffix)
    if (to) return [to, suffix]
  }
  return null
}
const stripSuffix = (path, suffix) => (suffix ? path.slice(0, -suffix.length) : path)
function relativeSpec(fromFile, target) {
  const spec = posix.relative(posix.dirname(fromFile), target)
  return spec.startsWith('.') ? spec : `./${spec}`
}

/** The new specifier for `spec` in the file now at `file` (formerly at `oldFile`), or null to keep it. */
function rewrite(spec, file, oldFile) {
  if (spec.startsWith('~/')) {
    const base = `app/${spec.slice(2)}`
    if (resolveModule(base) && !MOVES.has(resolveModule(base)[0])) return null
    const moved = movedModule(base)
    return moved ? `~/${stripSuffix(moved[0], moved[1]).slice('app/'.length)}` : null
  }
  if (!spec.startsWith('.')) return null
  const here = posix.normalize(posix.join(posix.dirname(file), spec))
  const found = resolveModule(here)
  if (found && !MOVES.has(found[0])) return null
  const base = posix.normalize(posix.join(posix.dirname(oldFile), spec))
  const moved = movedModule(base)
  if (moved) return relativeSpec(file, stripSuffix(moved[0], moved[1]))
  if (oldFile !== file && resolveModule(base)) return relativeSpec(file, base)
  return null
}

const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\b(?:vi\.mock|vi\.doMock|vi\.unmock|vi\.importActual|require|importOriginal)\s*\(\s*)(['"])([^'"\n]+)\2/g
const RELATIVE_PATH = /(['"])(\.\.?\/[^'"\n]+)\1/g
const files = git('ls-files', '-co', '--exclude-standard')
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f) && (/^(app|server|tests|bench|scripts)\//.test(f) || !f.includes('/')))
  .filter((f) => !f.startsWith('scripts/codemods/') && isFile(f))

for (const file of files) {
  const oldFile = BACK.get(file) ?? file
  const text = readFileSync(abs(file), 'utf8')
  let count = 0
  const next = text.replace(SPECIFIER, (whole, head, quote, spec) => {
    const replaced = rewrite(spec, file, oldFile)
    if (replaced === null || replaced === spec) return whole
    count++
    return `${head}${quote}${replaced}${quote}`
  })
  // A moved module's other relative paths (`resolve(__dirname, '../../docs/x.md')`) follow it.
  const last =
    oldFile === file
      ? next
      : next.replace(RELATIVE_PATH, (whole, quote, spec) => {
          const replaced = rewrite(spec, file, oldFile)
          if (replaced === null || replaced === spec) return whole
          count++
          return `${quote}${replaced}${quote}`
        })
  if (count === 0) continue
  changes++
  console.log(`rewrite ${file}: ${count} import${count === 1 ? '' : 's'} or path${count === 1 ? '' : 's'}`)
  writeFileSync(abs(file), last)
}

// 3. Paths named in comments and docs (`app/services/members.server.ts` and the like).
const NAMES = [...MOVES.keys()].map((f) => f.slice(SERVICES.length + 1)).sort((a, b) => b.length - a.length)
const MENTION = new RegExp(`(?<![\\w/-])((?:app/)?services/)(${NAMES.map((n) => n.replaceAll('.', '\\.')).join('|')})(?![\\w.-])`, 'g')
const texts = git('ls-files', '-co', '--exclude-standard')
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|mjs|js|md)$/.test(f) && (/^(app|server|tests|bench|scripts|docs)\//.test(f) || !f.includes('/')))
  .filter((f) => !f.startsWith('scripts/codemods/') && isFile(f))
for (const file of texts) {
  const text = readFileSync(abs(file), 'utf8')
  let count = 0
  const next = text.replace(MENTION, (whole, head, name) => {
    count++
    return `${head}${MOVES.get(`${SERVICES}/${name}`).slice(SERVICES.length + 1)}`
  })
  if (count === 0) continue
  changes++
  console.log(`mention ${file}: ${count}`)
  writeFileSync(abs(file), next)
}

// 4. Flat modules the map does not place (new since it was written): say so.
const flat = git('ls-files', '-co', '--exclude-standard', SERVICES)
  .split('\n')
  .filter((f) => /^app\/services\/[^/]+\.tsx?$/.test(f) && !MOVES.has(f))
const SHARED = /^app\/services\/(context|access|audit|audit-actions|bulk|item-names)(\.server|\.schemas)?(\.test)?\.ts$/
for (const f of flat.filter((f) => !SHARED.test(f))) console.warn(`not placed (add it to FOLDERS or to the shared list): ${f}`)

console.log(changes === 0 ? 'nothing to change' : `${changes} change${changes === 1 ? '' : 's'} made`)
