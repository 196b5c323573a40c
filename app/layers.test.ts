import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The layers of docs/architecture.md, from the top: routes -> services -> auth -> db, with ui,
 * i18n and utils beside them, and http (the server's answers of a route: toasts, list failures,
 * 503) between routes and the rest, which no screen component or service reaches back into. A module may import its own layer and those below, never one above:
 * an import that runs back up the layers drags the layer above into every page or test of the
 * one below, and makes cycles. Type-only imports are erased at build and may name a type of any layer.
 */
const ROOT = join(import.meta.dirname)
const FORBIDDEN: Record<string, string[]> = {
  db: ['auth', 'services', 'routes', 'http', 'ui', 'browser', 'demo', 'root'],
  auth: ['services', 'routes', 'http', 'ui', 'browser', 'demo', 'root'],
  services: ['routes', 'http', 'ui', 'browser', 'demo', 'root'],
  http: ['routes', 'services', 'browser', 'demo', 'root'],
  ui: ['routes', 'http', 'services', 'demo', 'root'],
  utils: ['db', 'auth', 'services', 'routes', 'http', 'ui', 'browser', 'demo', 'root'],
  i18n: ['db', 'auth', 'services', 'routes', 'http', 'ui', 'browser', 'demo', 'root'],
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The top-level folder (or root module) of the app an import specifier points into. */
function layerOf(specifier: string, from: string): string | null {
  let target: string
  if (specifier.startsWith('~/')) target = specifier.slice(2)
  else if (specifier.startsWith('.')) target = relative(ROOT, join(from, '..', specifier))
  else return null
  if (target.startsWith('..')) return null
  const first = target.split('/')[0]
  return first === 'root' || first === 'root.tsx' ? 'root' : first
}

describe('layers', () => {
  it('no module imports from a layer above its own', () => {
    const offences: string[] = []
    for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
      for (const file of sources(join(ROOT, layer))) {
        const text = readFileSync(file, 'utf8')
        for (const match of text.matchAll(
          /(?:import|export)(?!\s+type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
        )) {
          const target = layerOf(match[1] ?? match[2], file)
          if (target && forbidden.includes(target)) offences.push(`${relative(ROOT, file)} imports ${match[1] ?? match[2]}`)
        }
      }
    }
    expect(offences).toEqual([])
  })
})
