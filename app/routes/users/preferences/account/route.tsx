import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { currentSessionHashOf, requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { ctxFor } from '~/services/context.server'
import { pendingEmailChange } from '~/services/profile/email-change.server'
import { requireSelf, timezones } from '~/services/profile/profile.server'
import { toCurrentUser } from '~/services/accounts/users.server'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { currentZoneName } from '~/utils/timezones'
import { PROFILE_SCREEN } from '../../user-not-found.server'
import { userIdOf } from '../../user-id'
import { AutoSignoutForm } from './auto-signout-form'
import { EmailForm } from './email-form'
import { PREFS_CONSTRAINTS } from '../constraints.server'
import { ACCOUNT_INTENTS, type AccountActionData } from './intents.server'
import { LanguageForm, TimezoneForm } from './regional-forms'
import { NameForm } from './name-form'
import { PasswordForm } from './password-form'
import { TelemetryForm } from './telemetry-form'

/**
 * /users/:id/preferences/account (and /beta-users/:uid/preferences): name, email, language,
 * timezone, automatic sign-out and password, each its own form (intent), all
 * working without JavaScript and validated on the server (ADR 018). Only the user themself; any
 * other id is not found. Sign-in providers, two-step verification and sessions are on the security
 * screen (../security).
 */
export const handle = { breadcrumb: 'profile.account.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const userId = userIdOf(params)
  const pendingEmail = await routeCall(() => pendingEmailChange(ctx, userId), { ...PROFILE_SCREEN, failure: 'profile.loadError' })
  const user = toCurrentUser(requireSelf(ctx, userId))
  return {
    user,
    // A zone saved by an old name (Asia/Calcutta) is chosen in the list by its current one.
    timezone: currentZoneName(user.preferences.timezone),
    shareTelemetry: Number(actor.telemetry_opt_out) !== 1,
    pendingEmail,
    timezones: timezones(),
    now: ctx.now.toISOString(),
    constraint: PREFS_CONSTRAINTS,
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request)
  const handler = handlerFor(ACCOUNT_INTENTS, form)
  if (!handler) return data<AccountActionData>({ intent: null, result: null }, { status: 400 })
  const url = new URL(request.url)
  const args = {
    ctx: ctxFor(actor, context),
    userId: userIdOf(params),
    form,
    here: url.pathname,
    currentSession: await currentSessionHashOf(context),
  }
  return routeCall(() => handler(args), { ...PROFILE_SCREEN, failure: 'profile.updateError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function AccountPreferences() {
  const { t } = useTranslation()
  const { user, timezone, shareTelemetry, pendingEmail, timezones, now, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as AccountActionData | undefined
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">{t('profile.account.title')}</h1>
      <NameForm name={user.name} constraint={constraint.name} lastResult={lastResult('name')} />
      <EmailForm email={user.email} pendingEmail={pendingEmail} constraint={constraint.email} lastResult={lastResult('email')} />
      <div className="grid gap-6 md:grid-cols-2">
        <LanguageForm locale={user.preferences.locale} constraint={constraint.language} lastResult={lastResult('language')} />
        <TimezoneForm
          timezone={timezone}
          timezones={timezones}
          now={now}
          constraint={constraint.timezone}
          lastResult={lastResult('timezone')}
        />
      </div>
      <AutoSignoutForm
        autoSignout={user.preferences.autoSignout}
        constraint={constraint.autoSignout}
        lastResult={lastResult('auto-signout')}
      />
      <TelemetryForm share={shareTelemetry} lastResult={lastResult('telemetry')} />
      <PasswordForm constraint={constraint.password} lastResult={lastResult('password')} />
      <p className="text-sm text-slate-700">
        <AppLink to={`/users/${user._id}/preferences/security`} className="font-medium text-brand-700 underline">
          {t('profile.account.securityLink')}
        </AppLink>
      </p>
    </div>
  )
}
