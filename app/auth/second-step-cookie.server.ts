import { createCookie, redirect } from '@remix-run/node'
import { env, isSecureOrigin } from '~/env.server'
import { TOKEN_TTL_SECONDS } from './tokens.server'

/**
 * Carries the token of a sign-in's second step (two-step verification) from the password form to
 * /signin/two-step: httpOnly, signed, as long-lived as the token (5 minutes). The state itself is
 * the token's row on the server; the cookie only names it.
 */
let cookie: ReturnType<typeof createCookie> | undefined
function secondStepCookie() {
  cookie ??= createCookie('signin_second_step', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureOrigin(),
    path: '/',
    maxAge: TOKEN_TTL_SECONDS['second-factor'],
    secrets: env().SESSION_SECRETS,
  })
  return cookie
}

export const writeSecondStep = (token: string) => secondStepCookie().serialize(token)
export const clearSecondStep = () => secondStepCookie().serialize('', { maxAge: 0 })
export async function readSecondStep(request: Request): Promise<string | null> {
  const value = await secondStepCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? value : null
}

/** To /signin/two-step with the token of the second step (and other cookies to set, e.g. clearing a flow). */
export async function redirectToSecondStep(token: string, cookies: string[] = []) {
  const response = redirect('/signin/two-step')
  for (const cookie of [await writeSecondStep(token), ...cookies]) response.headers.append('Set-Cookie', cookie)
  return response
}
