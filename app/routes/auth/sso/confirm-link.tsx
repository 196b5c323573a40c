import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { createSession, destroySession, ssoMethod } from '~/auth/session.server'
import { destinationAfterSso } from '~/auth/sso/complete.server'
import { rememberProvider } from '~/auth/sso/cookies.server'
import { DomainError } from '~/errors'
import { localeCookie } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/security-notices.server'
import { redeemSsoLink } from '~/services/user-identities.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { redirectWithToast } from '~/ui/toast.server'
import { readForm } from '~/utils/form-body.server'

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /signup/confirm/link?token=: the emailed link that proves an address for single sign-on.
 * Opening it changes nothing (mail scanners open links); its button links the provider account,
 * verifies the address and signs in.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const ctx = ctxFor(null, context)
  try {
    const { user, identity, post } = await redeemSsoLink(ctx, String(form.get('token') ?? ''))
    await destroySession(ctx.db, request)
    const cookies = [await createSession(ctx.db, user.id, ssoMethod(identity.provider), { now: ctx.now, userAgent: request.headers.get('User-Agent') }), await rememberProvider(identity.provider), await localeCookie.serialize(user.locale)]
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(destinationAfterSso(post), { key: 'sso.linked' }, cookies)
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.code }, { status: error.status })
    throw error
  }
}

export default function ConfirmLink() {
  const { t } = useTranslation()
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Form method="post" className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('sso.link.title')}</h1>
      {actionData?.error ? (
        <Alert tone="error">
          <p>{t(`errors.${actionData.error}`)}</p>
        </Alert>
      ) : null}
      <p className="text-slate-700">{t('sso.link.intro')}</p>
      <input type="hidden" name="token" value={token} />
      <Button type="submit">{t('sso.link.submit')}</Button>
    </Form>
  )
}
