import { data, redirect } from '@remix-run/node'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { DomainError, kindOf, messageKey, type CodeOfKind, type ErrorCode } from '~/errors'
import type { RouteFailure } from '~/ui/route-failure'
import { reauthUrl } from '~/auth/reauth-url'
import { serviceUnavailable } from './service-unavailable.server'
import { redirectWithToast } from './toast.server'

/**
 * How a screen answers a failed service call, as data. Each rule reads the code's kind from the
 * catalogue (ERROR_KIND in app/errors.ts); the first that applies answers, and a thrown Response
 * (a redirect, an earlier 404) always passes through.
 */
export interface RouteCallOptions {
  /** Codes that are this screen's not-found page (a 404): the thing is not there, or not the actor's to see. */
  notFound?: readonly CodeOfKind<'not-found'>[]
  /**
   * A `step-up` code sends the actor on, and back: STRONG_AUTH_REQUIRED to set two-step up (its
   * setupUrl), REAUTH_REQUIRED to confirm it's them (/confirm-identity). `{ back }` names where
   * they come back to (the screen, by default the setupUrl's own redirectTo, or `/`).
   */
  stepUp?: boolean | { back: string }
  /**
   * A refused change goes back to `to` with its message as an error toast: any catalogue error
   * but a `server` one (or only `codes`), worded by `keys` where this screen has its own message,
   * and with the error's string data as the message's values when `withData` (e.g. a name).
   */
  toast?: { to: string; codes?: readonly ErrorCode[]; keys?: Partial<Record<ErrorCode, string>>; withData?: boolean }
  /**
   * The screen's list message (a key such as 'groups.loadError') for anything else: thrown as a
   * RouteFailure with the catalogue status of a DomainError or 500 (logged when unexpected), which
   * RouteErrorBoundary shows with "Try again?"; an unreachable database is the 503 error screen.
   * Without it, any other error goes on as it is.
   */
  failure?: string
}

/**
 * Runs a route's service call and maps its failure by `options` (RouteCallOptions), e.g.
 * `routeCall(() => getGroupHome(ctx, id), { notFound: ['GROUP_NOT_FOUND'], failure: 'groupHome.loadError' })`.
 * The one route-failure mapper of the screens (docs/architecture.md); the JSON API answers
 * the catalogue as it is (apiCall).
 */
export async function routeCall<T>(call: () => Promise<T>, options: RouteCallOptions): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw await answerOf(error, options)
  }
}

async function answerOf(error: unknown, { notFound, stepUp, toast, failure }: RouteCallOptions): Promise<unknown> {
  if (error instanceof Response) return error
  if (error instanceof DomainError) {
    const kind = kindOf(error.code)
    if (kind === 'not-found' && (notFound as readonly ErrorCode[] | undefined)?.includes(error.code))
      return new Response('Not found', { status: 404 })
    if (kind === 'step-up' && stepUp) return stepUpRedirect(error, typeof stepUp === 'object' ? stepUp.back : undefined)
    if (toast && kind !== 'server' && (toast.codes?.includes(error.code) ?? true)) {
      const key = toast.keys?.[error.code] ?? messageKey(error.code)
      return redirectWithToast(toast.to, { key, type: 'error', ...(toast.withData ? { values: stringValues(error.data) } : {}) })
    }
  }
  if (failure === undefined) return error
  if (isDatabaseUnavailable(error)) return serviceUnavailable()
  if (!(error instanceof DomainError)) console.error(error)
  return data<RouteFailure>({ failure }, { status: error instanceof DomainError ? error.status : 500 })
}

const stringValues = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'))

/**
 * A `step-up` error as the redirect of a screen: REAUTH_REQUIRED to the "Confirm it's you" page,
 * which returns to `back` (else `/`); STRONG_AUTH_REQUIRED as strongAuthRedirect. Null for another error.
 */
export function stepUpRedirect(error: unknown, back?: string): Response | null {
  if (error instanceof DomainError && error.code === 'REAUTH_REQUIRED') return redirect(reauthUrl(back ?? '/'))
  return strongAuthRedirect(error, back)
}

/** STRONG_AUTH_REQUIRED as the redirect of a screen to its setupUrl (with `back`, the screen's path, when known); null for another error. */
export function strongAuthRedirect(error: unknown, back?: string): Response | null {
  if (!(error instanceof DomainError && error.code === 'STRONG_AUTH_REQUIRED')) return null
  const url = String(error.data?.setupUrl ?? '/')
  return redirect(back ? url.replace(/redirectTo=[^&#]*/, `redirectTo=${encodeURIComponent(back)}`) : url)
}
