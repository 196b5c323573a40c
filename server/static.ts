import express, { type NextFunction, type Request, type Response } from 'express'
import { existsSync, readdirSync } from 'node:fs'
import { extname, join } from 'node:path'

/** Precompressed variants the build writes beside each asset (scripts/precompress.ts), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

/**
 * Static files of the build, looked up without touching the file system for any other request:
 * `/assets/*` (hashed names, cached for a year, served from their .br/.gz twin when the browser
 * accepts it) and the few files at the root of build/client (favicon etc., cached for an hour).
 * The directory is listed once at start; pages never reach express.static.
 */
export function staticFiles(clientDir: string) {
  const assetsDir = join(clientDir, 'assets')
  const assets = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : [])
  const rootFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  )
  const serveAssets = express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false })
  const serveRoot = express.static(clientDir, { maxAge: '1h', index: false })

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (req.path.startsWith('/assets/')) {
      const name = req.path.slice('/assets/'.length)
      const variant = precompressedVariant(req, name, assets)
      req.url = `/${variant ? name + variant.suffix : name}`
      if (variant) {
        res.setHeader('Content-Encoding', variant.encoding)
        res.setHeader('Content-Type', TYPES[extname(name)] ?? 'application/octet-stream')
      }
      if (PRECOMPRESSED.some((p) => assets.has(name + p.suffix))) res.setHeader('Vary', 'Accept-Encoding')
      return serveAssets(req, res, next)
    }
    if (rootFiles.has(req.path)) return serveRoot(req, res, next)
    next()
  }
}

function precompressedVariant(req: Request, name: string, files: Set<string>) {
  if (!files.has(name)) return undefined
  const accepted = acceptedEncodings(req.get('accept-encoding'))
  return PRECOMPRESSED.find((p) => accepted.has(p.encoding) && files.has(name + p.suffix))
}

/** The codings of an Accept-Encoding header, without those refused with q=0. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (coding && !(q && Number(q.slice(2)) === 0)) out.add(coding)
  }
  return out
}
