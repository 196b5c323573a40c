import { expect } from 'vitest'
import type { ProviderId } from '~/auth/sso/config.server'
import { redirectUriOf } from '~/auth/sso/strategy.server'
import { env } from '~/env.server'
import { loader as callbackLoader } from '~/routes/auth/sso/callback'
import { loader as startLoader } from '~/routes/auth/sso/start'
import { args, cookiesFrom, makeRequest, run } from '../factories'
import { followToCallback } from './drive'

/**
 * One sign-in through a local provider, as the app's routes see it (vitest): starts at
 * /signin/sso/<provider>, signs in at the provider as `login`, and calls the app's callback.
 * Answers the callback's response, its path and the flow cookie.
 */
export async function roundTrip(
  provider: ProviderId,
  login: string,
  options: { query?: string; cancel?: boolean; cookie?: string; beforeCallback?: () => Promise<unknown> } = {},
) {
  const started = await run(() =>
    startLoader(args(makeRequest(`/signin/sso/${provider}${options.query ?? ''}`, { cookie: options.cookie }), { provider })),
  )
  expect(started.status).toBe(302)
  const flowCookie = cookiesFrom(started.headers)
  const callbackUrl = await followToCallback(started.headers.get('Location')!, {
    login,
    redirectUri: redirectUriOf(provider),
    cancel: options.cancel,
  })
  const path = callbackUrl.slice(env().APP_URL.length)
  // Time spent at the provider (a test moves the clock of what the app has stored).
  await options.beforeCallback?.()
  const cookie = [flowCookie, options.cookie].filter(Boolean).join('; ')
  const answer = await run(() => callbackLoader(args(makeRequest(path, { cookie }), { provider })))
  return { answer, path, flowCookie }
}
