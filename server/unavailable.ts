import type { Request, Response } from 'express'
import en from '../app/i18n/locales/en/common.json'
import sv from '../app/i18n/locales/sv/common.json'

const CODE = 'SERVICE_UNAVAILABLE'

/** A page with no script and no asset: it must cost nothing to send while the server is overloaded. */
const page = (lang: 'sv' | 'en', message: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1"><title>503</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
  `<h1>${message}</h1></body></html>`

const PAGES = { sv: page('sv', sv.errors[CODE]), en: page('en', en.errors[CODE]) }

/**
 * The quick 503 of a request the server will not handle now, with `Retry-After`: the catalogue's
 * JSON (`{ message: 'SERVICE_UNAVAILABLE' }`) for API and SCIM calls (a SCIM error there,
 * server/scim-answers.ts) and anything that is not a document request, a small static page in Swedish or English (by Accept-Language) for browsers.
 */
export function sendServiceUnavailable(req: Request, res: Response, retryAfterSeconds: number) {
  res.status(503).set({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })
  const wantsPage = !req.path.startsWith('/api/') && !req.path.startsWith('/scim/') && req.accepts(['json', 'html']) === 'html'
  if (!wantsPage) {
    res.json({ message: CODE })
    return
  }
  const lang = req.acceptsLanguages('sv', 'en') === 'en' ? 'en' : 'sv'
  res.set('Vary', 'Accept, Accept-Language').type('html').send(PAGES[lang])
}
