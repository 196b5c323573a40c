import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { sessionOf } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { destroySession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { Button } from '~/ui/button'
import { readForm } from '~/utils/form-body.server'
import { endProviderSession } from './sso/signout-sso.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'signout.title' }

const REASONS = ['expired', 'idle'] as const
const reasonOf = (value: unknown) => REASONS.find((r) => r === value) ?? null

/** Ends the request's session (if any), clears the cookie and goes to /signin with a notice. */
async function endSession(request: Request, reason: string | null, redirectTo: string, endSessionUrl: string | null = null) {
  const cookie = await destroySession(db(), request)
  const params = new URLSearchParams({ notice: reasonOf(reason) ?? 'signedOut' })
  if (redirectTo) params.set('redirectTo', redirectTo)
  // An SSO session ends at the provider's end-session endpoint, which sends the browser to /signin.
  return redirect(endSessionUrl ?? `/signin?${params}`, { headers: { 'Set-Cookie': cookie } })
}

/**
 * GET /signout never signs anyone out: a link from another site must not end a session. With a
 * session, it shows a button (a POST from our own origin); without one (it expired or is unknown,
 * SESSION_NOT_FOUND) there is nothing to end, so it goes straight on to /signin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if ((await sessionOf(context)).status !== 'active') {
    throw await endSession(request, url.searchParams.get('reason'), safeRedirect(url.searchParams.get('redirectTo'), ''))
  }
  return null
}

/** Revokes the session on the server, clears the cookie and goes to /signin. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const { endSessionUrl } = await endProviderSession(context)
  return endSession(request, String(form.get('reason') ?? ''), safeRedirect(form.get('redirectTo'), ''), endSessionUrl)
}

export default function SignOut() {
  const { t } = useTranslation()
  return (
    <Form method="post" className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('signout.title')}</h1>
      <p className="text-slate-700">{t('signout.intro')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">{t('signout.submit')}</Button>
        <Link to="/" className="font-medium text-brand-700 underline">
          {t('signout.stay')}
        </Link>
      </div>
    </Form>
  )
}
