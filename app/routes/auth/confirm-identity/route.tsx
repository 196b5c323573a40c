import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { ConfirmIdentitySchema } from '~/services/accounts/confirm-identity.schemas'
import { confirmIdentity, proofOptions, type Proof } from '~/services/accounts/confirm-identity.server'
import { ctxFor } from '~/services/context.server'
import { Button, buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { serverForm } from '~/ui/server-form'
import { readForm } from '~/utils/form-body.server'
import { formCall } from '../auth-action.server'
import { AuthError } from '../auth-error'
import { PasskeyProof } from './passkey-proof'

/**
 * /confirm-identity?redirectTo=: "Confirm it's you" (docs/auth.md), where a security change
 * without a recent proof sends the user (REAUTH_REQUIRED). The user proves it with what the
 * account has: the password, a code of the authenticator app, a passkey (needs JavaScript), or a
 * sign-in with a linked provider account; then goes back to `redirectTo`. The password and the
 * code work without JavaScript. Each form reloads the page (reloadDocument): where it returns to
 * may be a provider's round trip (linking an account).
 */
export const handle = { breadcrumb: 'reauth.title' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  const options = await routeCall(() => proofOptions(ctxFor(actor, context)), { failure: 'reauth.loadError' })
  return { ...options, redirectTo, cancelTo: `/users/${actor.id}/preferences/security` }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: ConfirmIdentitySchema })
  const reply = () => submission.reply({ hideFields: ['password', 'code', 'response'] })
  if (submission.status !== 'success') return data({ result: reply(), error: null }, { status: 400 })
  const value = submission.value
  const proof: Proof =
    value.intent === 'password'
      ? { password: value.password }
      : value.intent === 'code'
        ? { code: value.code }
        : { passkey: value.response }
  const outcome = await formCall(reply(), () => confirmIdentity(ctxFor(actor, context), proof))
  if (!outcome.ok) return outcome.response
  return redirectWithToast(safeRedirect(value.redirectTo), { key: 'reauth.confirmed' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function ConfirmIdentity() {
  const { t } = useTranslation()
  const { password, code, passkey, providers, redirectTo, cancelTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  const answered = form.value('intent')
  const errorsOf = (intent: string, name: string) => (answered === intent ? form.errors(name) : undefined)
  const submitting = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{t('reauth.title')}</h1>
      <p className="mb-4 text-slate-700">{t('reauth.intro')}</p>
      <AuthError error={actionData?.error} />
      <div className="mt-4 flex flex-col gap-6">
        {passkey ? <PasskeyProof redirectTo={redirectTo} alone={!password && !code} /> : null}
        {password ? (
          <Form method="post" reloadDocument className="flex flex-col gap-3" aria-labelledby="reauth-password-title">
            <h2 id="reauth-password-title" className="font-semibold">
              {t('reauth.password.title')}
            </h2>
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              label={t('fields.password')}
              errors={errorsOf('password', 'password')}
              inputProps={{ id: 'reauth-password', name: 'password', type: 'password', autoComplete: 'current-password', required: true }}
            />
            <div>
              <Button type="submit" pending={submitting('password')}>
                {t('reauth.password.submit')}
              </Button>
            </div>
          </Form>
        ) : null}
        {code ? (
          <Form method="post" reloadDocument className="flex flex-col gap-3" aria-labelledby="reauth-code-title">
            <h2 id="reauth-code-title" className="font-semibold">
              {t('reauth.code.title')}
            </h2>
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              label={t('reauth.code.label')}
              errors={errorsOf('code', 'code')}
              inputProps={{
                id: 'reauth-code',
                name: 'code',
                type: 'text',
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                required: true,
                pattern: '\\d{3} ?\\d{3}',
              }}
            />
            <div>
              <Button type="submit" variant={password ? 'secondary' : 'primary'} pending={submitting('code')}>
                {t('reauth.code.submit')}
              </Button>
            </div>
          </Form>
        ) : null}
        {providers.length ? (
          <section aria-labelledby="reauth-providers-title" className="flex flex-col gap-2">
            <h2 id="reauth-providers-title" className="font-semibold">
              {t('reauth.providers.title')}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {providers.map((p) => (
                <li key={p.id}>
                  <a
                    href={`/signin/sso/${p.id}?intent=reauth&redirectTo=${encodeURIComponent(redirectTo)}`}
                    className={buttonClass('secondary')}
                  >
                    {t('reauth.providers.with', { provider: p.label })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p>
          <Link to={cancelTo} className="text-sm text-brand-700 underline">
            {t('reauth.cancel')}
          </Link>
        </p>
      </div>
    </>
  )
}
