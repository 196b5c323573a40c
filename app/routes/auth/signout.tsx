import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { safeRedirect } from '~/auth/schemas'
import { destroySession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { Button } from '~/ui/button'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const reason = url.searchParams.get('reason')
  return { reason: reason === 'expired' || reason === 'idle' ? reason : null, redirectTo: url.searchParams.get('redirectTo') ?? '' }
}

/** Revokes the session on the server, clears the cookie and goes to /signin. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const cookie = await destroySession(db(), request)
  const params = new URLSearchParams()
  const reason = form.get('reason')
  params.set('notice', reason === 'expired' || reason === 'idle' ? reason : 'signedOut')
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  if (redirectTo) params.set('redirectTo', redirectTo)
  return redirect(`/signin?${params}`, { headers: { 'Set-Cookie': cookie } })
}

export default function SignOut() {
  const { t } = useTranslation()
  const { reason, redirectTo } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  // With JavaScript the form sends itself; without, one button does it.
  useEffect(() => {
    if (formRef.current) submit(formRef.current, { replace: true })
  }, [submit])
  return (
    <Form method="post" ref={formRef} className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('signout.title')}</h1>
      <p className="text-slate-700">{t(reason ? `signout.reason.${reason}` : 'signout.intro')}</p>
      <input type="hidden" name="reason" value={reason ?? ''} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit">{t('signout.submit')}</Button>
    </Form>
  )
}
