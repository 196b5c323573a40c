/**
 * Part of `npm run build`: writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) twin of
 * every compressible file in build/client/assets, which the server sends to browsers that accept
 * them (server/static.ts) instead of compressing the same bytes on every request. A twin that
 * would not be smaller is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const DIR = join('build', 'client', 'assets')
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json'])

let files = 0
let raw = 0
let brotli = 0
for (const name of readdirSync(DIR)) {
  if (!COMPRESSIBLE.has(extname(name))) continue
  const body = readFileSync(join(DIR, name))
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  const gz = gzipSync(body, { level: 9 })
  if (br.length < body.length) writeFileSync(join(DIR, `${name}.br`), br)
  if (gz.length < body.length) writeFileSync(join(DIR, `${name}.gz`), gz)
  files += 1
  raw += body.length
  brotli += Math.min(br.length, body.length)
}
console.info(`precompressed ${files} assets: ${(raw / 1000).toFixed(1)} kB, Brotli ${(brotli / 1000).toFixed(1)} kB`)
