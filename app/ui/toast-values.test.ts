import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'

/**
 * Every toast the code sets with a written key (`{ key: 'a.b', values: { … } }`) passes each
 * value its message uses, in both languages: a toast without them showed "{{name}}" on screen
 * (docs/i18n.md). Keys built at run time (`errors.${code}`) and values passed as a variable are
 * rendered by the tests of their routes.
 */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.server\.tsx?$|route\.tsx$|\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })

/** Each `{ key: '…'` of a toast call and the names of its literal `values: { … }`, or null when values is not written out. */
function toastsOf(text: string) {
  const found: { key: string; values: string[] | null }[] = []
  for (const call of text.matchAll(
    /(?:redirectWithToast|toastHeader)\([^{]*\{\s*key: (?:next \? |share \? |pending \? )?'([^']+)'([^}]*\}?[^}]*)\}/g,
  )) {
    const rest = call[2]
    const literal = rest.match(/values: \{([^}]*)\}/)
    // A spread or a context (`key_<context>`) is not worked out here: the route's own test renders it.
    const written = literal && !/\.\.\.|\bcontext\b/.test(literal[1])
    const values = written
      ? literal[1]
          .split(',')
          .map((part) => part.split(':')[0].trim())
          .filter(Boolean)
      : literal || rest.includes('values')
        ? null
        : []
    found.push({ key: call[1], values })
  }
  return found
}

describe('toast values', () => {
  const toasts = sources('app').flatMap((file) => toastsOf(readFileSync(file, 'utf8')).map((toast) => ({ file, ...toast })))

  it('finds the toasts of the code', () => {
    expect(toasts.map((t) => t.key)).toEqual(
      expect.arrayContaining(['library.accept.accepted', 'library.invitations.accepted', 'signin.welcome']),
    )
  })

  it.each(LOCALES)('renders every toast with its values and no placeholder left (%s)', (locale) => {
    const t = tFor(locale)
    const broken = toasts
      .filter((toast) => toast.values !== null)
      .map((toast) => ({ ...toast, text: t(toast.key, Object.fromEntries(toast.values!.map((name) => [name, `«${name}»`]))) as string }))
      .filter((toast) => toast.text.includes('{{') || toast.text === toast.key)
    expect(broken.map(({ file, key, text }) => `${file}: ${key} → ${text}`)).toEqual([])
  })
})
