import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { currentSessionHashOf, requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { LinkedProviders } from '~/routes/auth/sso/identities/linked-providers'
import { linkedProvidersOf } from '~/routes/auth/sso/identities/linked-providers.server'
import { ctxFor } from '~/services/context.server'
import { listSessions, requireSelf } from '~/services/profile/profile.server'
import { pendingTotpEnrolment, twoStepStatus } from '~/services/two-step/totp.server'
import { listPasskeys } from '~/services/passkeys/passkeys.server'
import { waysIn } from '~/services/accounts/ways-in.server'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { PROFILE_SCREEN } from '../../user-not-found.server'
import { userIdOf } from '../../user-id'
import { sectionClass } from '~/ui/section'
import { SECURITY_INTENTS, type SecurityActionData } from './intents.server'
import { qrDataUrl } from './qr.server'
import { PasskeysSection } from './passkeys-section'
import { SessionsSection } from './sessions-section'
import { TwoStepSection } from './two-step-section'
import { hasLegacyRecoveryCodes } from '~/services/two-step/recovery-codes.server'
import { PolicyNotice } from './policy-notice'
import { policyRequiring } from '~/services/organizations/organization-policy.server'
import { safeRedirect } from '~/auth/schemas'

/**
 * /users/:id/preferences/security: passkeys, two-step verification with an authenticator app, the
 * signed-in sessions and the linked sign-in providers (docs/auth.md). Only the user themself; any
 * other id is not found. Every form works without JavaScript.
 */
export const handle = { breadcrumb: 'profile.security.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const userId = userIdOf(params)
  const currentSession = await currentSessionHashOf(context)
  const url = new URL(request.url)
  const requiredBy = url.searchParams.get('requiredBy')
  return routeCall(
    async () => {
      const user = requireSelf(ctx, userId)
      const [sessions, providers, twoStep, enrolment, policy, passkeys, ways, oldRecoveryCodes] = await Promise.all([
        listSessions(ctx, userId, currentSession),
        linkedProvidersOf(ctx),
        twoStepStatus(ctx.db, user.id),
        pendingTotpEnrolment(ctx, userId),
        requiredBy ? policyRequiring(ctx, requiredBy) : null,
        listPasskeys(ctx, userId),
        waysIn(ctx.db, user.id),
        hasLegacyRecoveryCodes(ctx.db, user.id),
      ])
      return {
        // An organization's two-step policy sent the user here (strong-auth.server.ts): which, and where to go back.
        policy: policy
          ? { ...policy, continueTo: safeRedirect(url.searchParams.get('redirectTo') ?? `/organizations/${policy.organizationId}`) }
          : null,
        sessions,
        providers,
        twoStep,
        oldRecoveryCodes,
        passkeys: { list: passkeys, removable: ways > 1 },
        hasPassword: !!user.password_hash,
        enrolment: enrolment ? { key: enrolment.key, qr: await qrDataUrl(enrolment.uri) } : null,
      }
    },
    { ...PROFILE_SCREEN, failure: 'profile.loadError' },
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request)
  const handler = handlerFor(SECURITY_INTENTS, form)
  if (!handler) return data<SecurityActionData>({ intent: null, result: null }, { status: 400 })
  const url = new URL(request.url)
  const args = {
    ctx: ctxFor(actor, context),
    userId: userIdOf(params),
    form,
    // With its query: a policy's notice (requiredBy, redirectTo) stays through the forms.
    here: `${url.pathname}${url.search}`,
    currentSession: await currentSessionHashOf(context),
  }
  // A security change without a recent proof (REAUTH_REQUIRED) asks "Confirm it's you" first, then comes back to its section.
  const back = `${args.here}${sectionOf(String(form.get('intent')))}`
  return routeCall(() => handler(args), { ...PROFILE_SCREEN, stepUp: { back }, failure: 'profile.updateError' })
}

/** The section of the page a form belongs to, as the fragment to come back to. */
const sectionOf = (intent: string) =>
  intent.startsWith('passkey') ? '#prefs-passkeys' : intent.startsWith('sign-out') ? '#prefs-sessions' : '#prefs-two-step'

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function SecurityPreferences() {
  const { t } = useTranslation()
  const { sessions, providers, twoStep, oldRecoveryCodes, hasPassword, enrolment, policy, passkeys } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as SecurityActionData | undefined
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">{t('profile.security.title')}</h1>
      {policy ? <PolicyNotice {...policy} met={policy.met || twoStep.enabled} /> : null}
      <PasskeysSection
        passkeys={passkeys.list}
        removable={passkeys.removable}
        currentDevice={sessions.find((s) => s.current) ?? null}
        confirmRemove={actionData?.confirmRemove ?? null}
        lastResult={lastResult}
      />
      <TwoStepSection
        status={twoStep}
        oldRecoveryCodes={oldRecoveryCodes}
        hasPassword={hasPassword}
        enrolment={enrolment}
        recoveryCodes={actionData?.recoveryCodes ?? null}
        lastResult={lastResult}
      />
      <SessionsSection sessions={sessions} />
      <LinkedProviders {...providers} className={sectionClass} />
    </div>
  )
}
