import { Validator } from '@seriousme/openapi-schema-validator'
import type { RouteConfigEntry } from '@remix-run/route-config'
import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '~/errors'
import routes from '~/routes'
import { buildOpenApiDocument, openApiDocument } from './document.server'

/** Every route of app/routes.ts with its full path. */
function flatten(entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent
    return [...(entry.index ? [] : [{ path, file: entry.file }]), ...flatten(entry.children ?? [], path)]
  })
}

/** The API routes (not the `*` not-found) in OpenAPI's spelling, `:id` → `{id}`. */
const apiRoutes = flatten(routes)
  .filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*'))
  .map((r) => ({ ...r, path: r.path.replace(/:(\w+)/g, '{$1}') }))

const modules = import.meta.glob<Record<string, unknown>>([
  '/app/routes/api/**/*.ts',
  '/app/routes/api/**/*.tsx',
  '!/app/routes/api/**/*.test.ts',
])

/** The methods a route module answers: apiRoute's handlers (openapi/api.server.ts); a page answers GET. */
async function methodsOf(file: string): Promise<string[]> {
  const load = modules[`/app/${file}`]
  if (!load) throw new Error(`no module ${file}`)
  const mod = await load()
  const declared = (mod.action as { apiMethods?: string[] } | undefined)?.apiMethods
  if (declared) return declared.map((m) => m.toLowerCase())
  if (mod.default) return ['get']
  throw new Error(`${file} is neither an apiRoute nor a page`)
}

describe('the OpenAPI document', () => {
  const document = openApiDocument().document

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)))
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
  })

  it('documents every /api route of app/routes.ts with exactly the methods its module answers', async () => {
    expect(apiRoutes.length).toBeGreaterThan(40)
    const documented = Object.entries(document.paths ?? {}).map(([path, item]) => [path, Object.keys(item).sort()])
    const expected = await Promise.all(apiRoutes.map(async (r) => [r.path, (await methodsOf(r.file)).sort()]))
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected))
  })

  it("answers each operation's refusals with the catalogue's status and { message } codes", () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(
        item as Record<
          string,
          { responses: Record<string, { content?: Record<string, { schema: { properties?: { message?: { enum?: string[] } } } }> }> }
        >,
      )) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue
          const codes = response.content?.['application/json']?.schema.properties?.message?.enum ?? []
          expect(codes.length, `${method} ${path} ${status}`).toBeGreaterThan(0)
          for (const code of codes)
            expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], `${method} ${path} ${code}`).toBe(Number(status))
        }
        if (op.responses['401'] === undefined && path !== '/api/signout') continue
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('401')
      }
    }
  })

  it('is generated once per process: the same object and text every time', () => {
    expect(openApiDocument()).toBe(openApiDocument())
    expect(JSON.stringify(buildOpenApiDocument())).toBe(openApiDocument().json)
  })
})
