/**
 * The reference page's view of the OpenAPI document (docs.tsx): operations grouped by tag, each
 * schema written as a compact type (`{ name: string; active?: boolean }[]`). Made on the server, so
 * the page gets text, not the document.
 */

type Schema = Record<string, unknown>
interface Doc {
  info: { title: string; version: string; description?: string }
  tags?: { name: string }[]
  paths?: object
  components?: { schemas?: object }
}

export interface ReferenceParameter {
  name: string
  in: string
  required: boolean
  type: string
  description?: string
}
export interface ReferenceResponse {
  status: string
  description: string
  contentType?: string
  type?: string
}
export interface ReferenceOperation {
  id: string
  method: string
  path: string
  summary: string
  description?: string
  access: 'session' | 'public' | 'optional-session' | 'bearer'
  parameters: ReferenceParameter[]
  body?: string
  responses: ReferenceResponse[]
}
export interface Reference {
  title: string
  version: string
  groups: { tag: string; operations: ReferenceOperation[] }[]
  schemas: { name: string; type: string }[]
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1)
const quote = (v: unknown) => JSON.stringify(v)

/** A schema as a short TypeScript-like type. */
export function typeText(schema: Schema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown'
  if (typeof schema.$ref === 'string') return refName(schema.$ref)
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (union) return union.map((s) => typeText(s, indent)).join(' | ')
  if (schema.allOf) return (schema.allOf as Schema[]).map((s) => typeText(s, indent)).join(' & ')
  if (schema.const !== undefined) return quote(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map(quote).join(' | ')
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]
  return types.map((type) => oneType(type, schema, indent)).join(' | ')
}

function oneType(type: string, schema: Schema, indent: string): string {
  if (type === 'array') {
    const item = typeText(schema.items as Schema, indent)
    return /[|&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`
  }
  if (type === 'object') {
    const inner = `${indent}  `
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const lines = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {}).map(
      ([key, value]) => `${inner}${/^[\w$]+$/.test(key) ? key : quote(key)}${required.has(key) ? '' : '?'}: ${typeText(value, inner)}`,
    )
    const extra = schema.additionalProperties
    if (extra && typeof extra === 'object') lines.push(`${inner}[key: string]: ${typeText(extra as Schema, inner)}`)
    else if (extra !== false && lines.length > 0) lines.push(`${inner}…`)
    if (lines.length === 0) return extra === false ? '{}' : 'object'
    return `{\n${lines.join('\n')}\n${indent}}`
  }
  const limits = [
    schema.minLength !== undefined || schema.maxLength !== undefined ? `${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} chars` : '',
    schema.minimum !== undefined || schema.maximum !== undefined ? `${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}` : '',
    schema.maxItems !== undefined ? `≤ ${schema.maxItems} items` : '',
    typeof schema.format === 'string' ? schema.format : '',
  ].filter(Boolean)
  return limits.length ? `${type} (${limits.join(', ')})` : type
}

interface Operation {
  operationId: string
  summary: string
  description?: string
  tags?: string[]
  security?: Record<string, unknown>[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
}

function accessOf(security: Record<string, unknown>[] = []): ReferenceOperation['access'] {
  const names = security.map((s) => Object.keys(s)[0] ?? '')
  if (names.includes('sso')) return 'bearer'
  if (names.includes('session')) return names.includes('') ? 'optional-session' : 'session'
  return 'public'
}

/** The document as the reference page shows it. */
export function referenceOf(document: Doc): Reference {
  const byTag = new Map<string, ReferenceOperation[]>((document.tags ?? []).map((t) => [t.name, []]))
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation
      const [contentType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? []
      const operation: ReferenceOperation = {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        access: accessOf(op.security),
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? false,
          type: typeText(p.schema),
          ...(p.description ? { description: p.description } : {}),
        })),
        ...(contentType ? { body: typeText(body.schema) } : {}),
        responses: Object.entries(op.responses).map(([status, r]) => {
          const [type, content] = Object.entries(r.content ?? {})[0] ?? []
          // A refusal's body is `{ message: CODE, … }` of the codes its description lists: no need to spell it out each time.
          const shown = type && Number(status) < 400
          return { status, description: r.description, ...(shown ? { contentType: type, type: typeText(content.schema) } : {}) }
        }),
      }
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation])
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    groups: [...byTag].map(([tag, operations]) => ({ tag, operations })),
    schemas: Object.entries((document.components?.schemas ?? {}) as Record<string, Schema>).map(([name, schema]) => ({
      name,
      type: typeText(schema),
    })),
  }
}

/**
 * A description's text in its parts: the Markdown code spans (`like this`) the operations are
 * written with, as code, the rest as text. An unclosed backtick stays a backtick.
 */
export function textParts(text: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = []
  let rest = text
  for (let match = /`([^`]+)`/.exec(rest); match; match = /`([^`]+)`/.exec(rest)) {
    if (match.index > 0) parts.push({ code: false, text: rest.slice(0, match.index) })
    parts.push({ code: true, text: match[1] })
    rest = rest.slice(match.index + match[0].length)
  }
  if (rest) parts.push({ code: false, text: rest })
  return parts
}
