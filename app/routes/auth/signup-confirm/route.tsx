import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireAnonymous } from '~/auth/guards.server'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { findUserByEmail } from '~/services/accounts/users.server'
import { PROVIDER_LABELS } from '~/services/accounts/user-identities.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { INTENTS, pendingOrSignIn } from './intents.server'
import { ProveAccount } from './prove-account'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'sso.confirm.title' }

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /signup/confirm: a provider account with no user here (spec section 2). Name from the provider;
 * the email from the provider when verified, else typed (manuallyProvidedEmail) and proven by an
 * emailed link; an existing account with that email is linked only after its owner proves it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context)
  const url = new URL(request.url)
  const sent = url.searchParams.get('sent')
  if (sent) return { sent, pending: null, existing: null, locale: await detectLocale(request) }
  const pending = await pendingOrSignIn(request)
  const existing = pending.email && (await findUserByEmail(ctxFor(null, context), pending.email)) ? pending.email : null
  return {
    sent: null,
    pending: { provider: PROVIDER_LABELS[pending.provider], name: pending.name, email: pending.email },
    existing,
    locale: await detectLocale(request),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data({ error: { code: 'BAD_REQUEST' } }, { status: 400 })
  return handler(ctxFor(null, context), request, await pendingOrSignIn(request), form)
}

type ActionData = { error?: { code: string; retryAt?: string } | null; existing?: string; fields?: Record<string, string[] | undefined> }

export default function SignUpConfirm() {
  const { t } = useTranslation()
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  if (loaded.sent) {
    return (
      <section aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="mb-4 text-xl font-bold">
          {t('sso.confirm.sentTitle')}
        </h1>
        <p className="text-slate-700">{t('sso.confirm.sent', { email: loaded.sent })}</p>
      </section>
    )
  }
  const pending = loaded.pending!
  const existing = actionData?.existing ?? loaded.existing
  return (
    <section aria-labelledby="confirm-title" className="flex flex-col gap-4">
      <h1 id="confirm-title" className="text-xl font-bold">
        {t('sso.confirm.title')}
      </h1>
      <p className="text-slate-700">{t('sso.confirm.intro', { provider: pending.provider })}</p>
      {actionData?.error ? (
        <Alert tone="error">
          <p>{t(`errors.${actionData.error.code}`, { defaultValue: t('errors.UNKNOWN_ERROR') })}</p>
        </Alert>
      ) : null}
      {existing ? (
        <ProveAccount email={existing} emailFromProvider={!!pending.email} busy={busy} />
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="locale" value={loaded.locale} />
          <Field
            label={t('fields.name')}
            errors={actionData?.fields?.name}
            inputProps={{ id: 'name', name: 'name', defaultValue: pending.name, required: true, maxLength: 100, autoComplete: 'name' }}
          />
          {pending.email ? (
            <p className="text-sm text-slate-700">
              {t('sso.confirm.emailFromProvider', { email: pending.email, provider: pending.provider })}
            </p>
          ) : (
            <Field
              label={t('fields.email')}
              hint={t('sso.confirm.emailHint', { provider: pending.provider })}
              errors={actionData?.fields?.email}
              inputProps={{ id: 'email', name: 'email', type: 'email', required: true, maxLength: 254, autoComplete: 'email' }}
            />
          )}
          <p className="text-sm text-slate-600">{t('sso.confirm.kept', { provider: pending.provider })}</p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" name="intent" value="cancel" variant="secondary" formNoValidate>
              {t('sso.confirm.cancel')}
            </Button>
            <Button type="submit" name="intent" value="create" pending={busy}>
              {t('sso.confirm.create')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
