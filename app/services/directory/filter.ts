import { ScimError } from './scim-error'

/**
 * SCIM filters (RFC 7644 §3.4.2.2), the part a directory uses to find what it provisioned:
 * `attrPath eq value`, joined by `and`, in parentheses or not, and a value filter such as
 * `emails[type eq "work"].value eq "a@b.se"` or `members[value eq "id"]`. Anything else (`or`,
 * `not`, other operators) is 400 invalidFilter: the caller learns it is not supported rather than
 * getting a wrong answer.
 */

export type FilterValue = string | number | boolean | null

/** One comparison: the attribute path, lower case, without its schema URN (`emails.value`). */
export interface Comparison {
  attr: string
  value: FilterValue
}

const invalid = (detail: string) => new ScimError(400, `Unsupported or malformed filter: ${detail}`, 'invalidFilter')

type Token = { kind: 'word'; text: string } | { kind: 'value'; value: FilterValue } | { kind: 'punct'; text: '(' | ')' | '[' | ']' }

function tokenize(filter: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < filter.length) {
    const c = filter[i]
    if (/\s/.test(c)) {
      i++
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ kind: 'punct', text: c })
      i++
    } else if (c === '"') {
      // A JSON string: up to the closing quote that is not escaped.
      let j = i + 1
      while (j < filter.length && filter[j] !== '"') j += filter[j] === '\\' ? 2 : 1
      if (j >= filter.length) throw invalid('unterminated string')
      try {
        tokens.push({ kind: 'value', value: JSON.parse(filter.slice(i, j + 1)) as string })
      } catch {
        throw invalid('bad string')
      }
      i = j + 1
    } else {
      let j = i
      while (j < filter.length && !/[\s()[\]"]/.test(filter[j])) j++
      const text = filter.slice(i, j)
      if (/^(true|false|null)$/i.test(text))
        tokens.push({ kind: 'value', value: text.toLowerCase() === 'null' ? null : text.toLowerCase() === 'true' })
      else if (/^-?\d+(\.\d+)?$/.test(text)) tokens.push({ kind: 'value', value: Number(text) })
      else tokens.push({ kind: 'word', text })
      i = j
    }
  }
  return tokens
}

/** The attribute path without a core or extension schema URN, lower case (`urn:…:User:userName` → `username`). */
export function normalizePath(path: string) {
  const stripped = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '')
  return stripped.toLowerCase()
}

/** Parses a filter into the comparisons that must all hold (the `and` of them). */
export function parseFilter(filter: string): Comparison[] {
  if (filter.length > 1000) throw invalid('too long')
  const tokens = tokenize(filter)
  let at = 0
  const peek = () => tokens[at]
  const word = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text.toLowerCase() === w

  function comparison(prefix = ''): Comparison[] {
    const t = tokens[at++]
    if (t?.kind !== 'word') throw invalid('expected an attribute')
    if (/^(and|or|not)$/i.test(t.text)) throw invalid(`unexpected "${t.text}"`)
    // attr[subAttr eq value] or attr[subAttr eq value].sub eq value
    if (peek()?.kind === 'punct' && (peek() as { text: string }).text === '[') {
      at++
      const inner = expression(`${prefix}${t.text}.`)
      const close = tokens[at++]
      if (close?.kind !== 'punct' || close.text !== ']') throw invalid('expected "]"')
      const next = peek()
      if (next?.kind === 'word' && next.text.startsWith('.')) {
        at++
        const op = tokens[at++]
        const value = tokens[at++]
        if (!word(op, 'eq')) throw invalid(`only "eq" is supported`)
        if (value?.kind !== 'value') throw invalid('expected a value')
        return [...inner, { attr: normalizePath(`${prefix}${t.text}${next.text}`), value: value.value }]
      }
      return inner
    }
    const op = tokens[at++]
    if (op?.kind !== 'word') throw invalid('expected an operator')
    if (op.text.toLowerCase() !== 'eq') throw invalid(`operator "${op.text}" is not supported (only "eq" and "and")`)
    const value = tokens[at++]
    if (value?.kind !== 'value') throw invalid('expected a value after "eq"')
    return [{ attr: normalizePath(prefix + t.text), value: value.value }]
  }

  function term(prefix: string): Comparison[] {
    const t = peek()
    if (t?.kind === 'punct' && t.text === '(') {
      at++
      const inner = expression(prefix)
      const close = tokens[at++]
      if (close?.kind !== 'punct' || close.text !== ')') throw invalid('expected ")"')
      return inner
    }
    if (word(t, 'not')) throw invalid('"not" is not supported')
    return comparison(prefix)
  }

  function expression(prefix: string): Comparison[] {
    const all = term(prefix)
    while (at < tokens.length) {
      const t = peek()
      if (word(t, 'and')) {
        at++
        all.push(...term(prefix))
      } else if (word(t, 'or')) {
        throw invalid('"or" is not supported')
      } else break
    }
    return all
  }

  const result = expression('')
  if (at !== tokens.length) throw invalid('unexpected text at the end')
  return result
}
