/**
 * The JavaScript a page loads: every `<script src>`, every `<link rel="modulepreload">`, every
 * import of the inline module scripts (Remix's bootstrap imports the manifest and the route
 * modules statically and the client entry with `import()`; all of it runs on load), and then,
 * transitively, every static `import`/`export ... from` inside those files. Dynamic `import()`
 * inside the JS files is not followed (loaded on demand), only listed.
 */
import { gzipSync } from 'node:zlib'

export interface ClientFile {
  url: string
  /** Path relative to the site (e.g. /assets/root-abc.js). */
  path: string
  rawBytes: number
  gzipBytes: number
  /** Why the file counts: html (script/modulepreload/inline import) or the file importing it. */
  via: string
}

export interface ClientJsReport {
  page: string
  files: ClientFile[]
  totalRawBytes: number
  totalGzipBytes: number
  /**
   * Targets of dynamic import() found in the counted files, with their own sizes (their imports
   * not followed): not counted, but some may load on every page (e.g. locale messages).
   */
  dynamicImports: { path: string; rawBytes: number; gzipBytes: number }[]
}

export async function measureClientJs(pageUrl: string, headers: Record<string, string> = {}): Promise<ClientJsReport> {
  const res = await fetch(pageUrl, { headers, redirect: 'manual' })
  if (res.status !== 200) throw new Error(`GET ${pageUrl} answered ${res.status}, expected 200`)
  const html = await res.text()
  const origin = new URL(pageUrl).origin

  const queue: { url: string; via: string }[] = []
  const seen = new Set<string>()
  const enqueue = (spec: string, base: string, via: string) => {
    if (!isLocalSpecifier(spec)) return
    const url = new URL(spec, base)
    if (url.origin !== origin) return
    url.hash = ''
    if (seen.has(url.href)) return
    seen.add(url.href)
    queue.push({ url: url.href, via })
  }

  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src')
    if (src) enqueue(src, pageUrl, 'html <script src>')
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attr(tag, 'rel')?.toLowerCase().split(/\s+/) ?? []
    const href = attr(tag, 'href')
    if (href && rel.includes('modulepreload')) enqueue(href, pageUrl, 'html modulepreload')
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attr(`<script ${m[1]}>`, 'src') || attr(`<script ${m[1]}>`, 'type') !== 'module') continue
    for (const spec of [...staticImports(m[2]), ...dynamicImports(m[2])]) enqueue(spec, pageUrl, 'html inline module')
  }

  const files: ClientFile[] = []
  const dynamic = new Set<string>()
  while (queue.length > 0) {
    const { url, via } = queue.shift()!
    const r = await fetch(url, { headers })
    if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}`)
    const body = Buffer.from(await r.arrayBuffer())
    const path = new URL(url).pathname
    files.push({ url, path, via, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })
    const code = body.toString('utf8')
    for (const spec of staticImports(code)) enqueue(spec, url, basename(path))
    for (const spec of dynamicImports(code)) {
      if (isLocalSpecifier(spec)) dynamic.add(new URL(spec, url).pathname)
    }
  }
  for (const f of files) dynamic.delete(f.path)
  const dynamicImportsSized: ClientJsReport['dynamicImports'] = []
  for (const path of [...dynamic].sort()) {
    const r = await fetch(new URL(path, origin), { headers })
    const body = Buffer.from(await r.arrayBuffer())
    if (r.status === 200) {
      dynamicImportsSized.push({ path, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })
    }
  }

  return {
    page: pageUrl,
    files,
    totalRawBytes: files.reduce((a, f) => a + f.rawBytes, 0),
    totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
    dynamicImports: dynamicImportsSized,
  }
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3]) : undefined
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
}

function isLocalSpecifier(spec: string): boolean {
  return /^(\.{1,2}\/|\/(?!\/))/.test(spec) || spec.startsWith('http://') || spec.startsWith('https://')
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/**
 * Static module specifiers in (minified) ESM: `import"x"`, `import{a}from"x"`,
 * `import*as n from"x"`, `import d,{a}from"x"`, `export{a}from"x"`, `export*from"x"`.
 * `import(` never matches (a parenthesis is not allowed between the keyword and the string).
 */
export function staticImports(code: string): string[] {
  const out: string[] = []
  const re = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g
  for (const m of code.matchAll(re)) out.push(m[2])
  return out
}

/** Specifiers of `import("...")` with a literal string. */
export function dynamicImports(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(/(?<![\w$.])import\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)) out.push(m[2])
  return out
}
