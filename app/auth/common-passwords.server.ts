import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { DomainError } from '~/errors'

/**
 * The common-password rule for every new password (sign-up, reset, and later the profile's change
 * of password): zxcvbn-ts with its common dictionaries (about 49,000 leaked passwords and 7,800
 * diceware words, all languages), a Swedish list of our own (common-passwords.sv.json: words,
 * names, places, months and seasons that Swedish passwords are made of; digits, capitals, l33t and
 * reversal are zxcvbn's business, so the list holds bare words) and the user's own name and email
 * address. No composition rules: the length rule (8 to 128, auth/schemas.ts) stays the only other
 * one.
 *
 * A password is refused when zxcvbn scores it below MIN_SCORE (fewer than 10^8 guesses) *because
 * of* something guessable in it: a dictionary word, a keyboard pattern, a sequence, a repeat, a
 * date. A random 8-character string also scores 2 (10^8 by brute force alone), and is allowed:
 * shortness is the length rule's business.
 *
 * The dictionaries are a few MB in memory: they are server-only (this is a .server module, which
 * never reaches a browser bundle), loaded once, on the first check (most processes rarely see one).
 */
export const MIN_SCORE = 3

/** Why a password is refused: message keys (`validation.*`), shown under the password field. */
export type PasswordWeakness = 'validation.passwordPersonal' | 'validation.passwordCommon'

let factory: Promise<ZxcvbnFactory> | undefined

function checker() {
  if (!factory) {
    factory = load()
    // A failed load (say, a missing package) is tried again by the next check.
    factory.catch(() => (factory = undefined))
  }
  return factory
}

async function load() {
  const [{ ZxcvbnFactory }, common, swedish] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('./common-passwords.sv.json'),
  ])
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, 'passwords-sv': withPlainLetters(swedish.default) },
    graphs: common.adjacencyGraphs,
    // Off (the default): matching the whole password against every word by edit distance costs
    // ~40 ms a check, and a word with a letter added ("lösenordd") scores low without it.
    useLevenshteinDistance: false,
  })
}

/** Each word, and its spelling without å, ä, ö and other diacritics ("losenord"), once. */
function withPlainLetters(words: string[]) {
  const all = new Set<string>()
  for (const word of words) {
    all.add(word)
    all.add(word.normalize('NFD').replace(/\p{Mn}/gu, ''))
  }
  return [...all]
}

/**
 * What of the user zxcvbn should treat as words an attacker knows: the name and its parts, and the
 * email address, its local part and that part's pieces ("jo.iner" -> "jo", "iner", "joiner").
 */
export function personalWords(inputs: { name?: string | null; email?: string | null }): string[] {
  const words = new Set<string>()
  const add = (word: string) => {
    const w = word.trim().toLowerCase()
    if (w.length >= 2) words.add(w)
  }
  const addWithParts = (value: string, separators: RegExp) => {
    add(value)
    const parts = value.split(separators).filter(Boolean)
    parts.forEach(add)
    add(parts.join(''))
  }
  if (inputs.name) addWithParts(inputs.name, /[\s.\-_']+/)
  if (inputs.email) {
    const email = inputs.email.trim().toLowerCase()
    add(email)
    const [local = '', domain = ''] = email.split('@')
    addWithParts(local, /[.\-_+]+/)
    // The organization's name often is the domain's first label ("exempelskolan.se").
    add(domain.split('.')[0] ?? '')
  }
  return [...words]
}

/**
 * Words of the product and its customers that an attacker tries first (ASVS 6.1.2): the brand, and
 * every organization's name with its words of four letters or more ("Linköpings kommun" gives
 * "linköpings kommun", "linköpingskommun", "linköpings", "kommun"). Read when a password is set,
 * which is rare enough for one small query.
 */
export async function contextWords(): Promise<string[]> {
  const rows = await db().selectFrom('organizations').select('name').execute()
  const words = new Set<string>()
  for (const value of [env().BRAND_NAME, ...rows.map((r) => r.name)]) {
    const name = value.trim().toLowerCase()
    const parts = name.split(/[\s.\-_']+/).filter(Boolean)
    for (const word of [name, parts.join(''), ...parts]) if (word.length >= 4) words.add(word)
  }
  return [...words]
}

/** zxcvbn's estimate (for the check below, and for measuring). */
export async function estimate(password: string, userInputs: string[] = []): Promise<ZxcvbnResult> {
  return (await checker()).check(password, userInputs)
}

/** Why the password is too easy to guess, or null when it is not. */
export async function passwordWeakness(
  password: string,
  inputs: { name?: string | null; email?: string | null } = {},
): Promise<PasswordWeakness | null> {
  const personal = personalWords(inputs)
  const result = await estimate(password, [...personal, ...(await contextWords())])
  if (result.score >= MIN_SCORE) return null
  const guessable = result.sequence.filter((match) => match.pattern !== 'bruteforce')
  if (guessable.length === 0) return null
  // The product's and its customers' names are well-known words, not the person's own.
  return guessable.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs' && personal.includes(String(match.matchedWord)),
  )
    ? 'validation.passwordPersonal'
    : 'validation.passwordCommon'
}

/**
 * For services: refuses a new password that is too easy to guess with BAD_REQUEST and the reason
 * under `field` (the form's or payload's field name), as a schema error would be.
 */
export async function requireUncommonPassword(password: string, inputs: { name?: string | null; email?: string | null }, field: string) {
  const weakness = await passwordWeakness(password, inputs)
  if (weakness) throw new DomainError('BAD_REQUEST', { errors: { [field]: [weakness] } })
}
