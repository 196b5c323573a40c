import { parseWithZod } from '@conform-to/zod'
import { data, type AppLoadContext } from '@remix-run/node'
import { safeRedirect } from '~/auth/schemas'
import { clearSecondStep } from '~/auth/second-step-cookie.server'
import { createSession, destroySession } from '~/auth/session.server'
import { OWN_CREDENTIALS } from '~/auth/sso/config.server'
import { rememberProvider } from '~/auth/sso/cookies.server'
import { localeCookie } from '~/i18n/i18n.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { ctxFor } from '~/services/context.server'
import { signInWithPasskey } from '~/services/passkeys/authentication.server'
import { PasskeySignInSchema } from '~/services/passkeys/passkeys.schemas'
import { redirectWithToast } from '~/http/toast.server'
import { formCall } from './auth-action.server'

/**
 * The passkey sign-in of /signin (its action's intent "passkey"): the browser's answer to
 * /signin/passkey/options, verified by the service, starts a session without the password and
 * without the two-step code (a passkey with user verification is two factors). A refused passkey
 * is the form's error (PASSKEY_INVALID, PASSKEY_CHALLENGE_INVALID), and nothing changes.
 */
export async function passkeySignIn(request: Request, context: AppLoadContext, form: FormData) {
  const submission = parseWithZod(form, { schema: PasskeySignInSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: { code: 'PASSKEY_INVALID' } }, { status: 400 })
  const ctx = ctxFor(null, context)
  const outcome = await formCall(submission.reply(), () => signInWithPasskey(ctx, submission.value.response))
  if (!outcome.ok) return outcome.response
  const user = outcome.value
  // A session the browser still had ends here: a sign-in always starts a fresh one.
  await destroySession(ctx.db, request)
  const cookies = [
    await createSession(ctx.db, user.id, 'passkey', { now: ctx.now, userAgent: request.headers.get('User-Agent') }),
    await localeCookie.serialize(user.locale),
    await rememberProvider(OWN_CREDENTIALS),
    // A password sign-in left waiting for its code is over.
    await clearSecondStep(),
  ]
  await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
  return redirectWithToast(safeRedirect(submission.value.redirectTo), { key: 'signin.welcome', values: { name: user.name } }, cookies)
}
