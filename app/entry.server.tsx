import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { closeDb, db } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { DEFAULT_LOCALE, isLocale } from '~/i18n/config'
import { i18nFor } from '~/i18n/i18n.server'
import { NonceContext } from '~/ui/nonce'

const ABORT_DELAY = 5_000

export { createLoadContext } from '~/load-context.server'

/** Called by the server before it listens: the database is migrated at every start. */
export async function startup() {
  await migrateToLatest(db())
}
export async function shutdown() {
  await closeDb()
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The root loader decided the locale (saved preference, cookie, Accept-Language, sv).
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined
  const locale = isLocale(rootData?.locale) ? rootData.locale : DEFAULT_LOCALE
  const nonce = loadContext?.cspNonce
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18nFor(locale)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
