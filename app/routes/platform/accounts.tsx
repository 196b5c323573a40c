import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DomainError, messageKey } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { withArea } from '~/i18n/client'
import { findAccountForRecovery, resetSignInFactors, type RecoveryAccount } from '~/services/platform/account-recovery.server'
import { FindAccountSchema, IDENTITY_CHECKS_MAX, IDENTITY_CHECKS_MIN, ResetAccountSchema } from '~/services/platform/platform.schemas'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { Section } from '~/ui/section'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPending } from '~/ui/use-intent-pending'
import { readForm } from '~/utils/form-body.server'
import { PLATFORM_SCREEN, platformCtx } from './platform-ctx.server'

/**
 * /platform/accounts: the support procedure for a person who lost every sign-in factor
 * (docs/security.md "Lost every factor"), for platform admins. Find the account by its email
 * address (`?email=`), see its ways in, write down the identity checks made, and reset its
 * sign-in methods. Every reset is listed with who made it and the checks. Not found for everyone else.
 */
export const handle = { breadcrumb: 'platformAccounts.title', i18nArea: 'platform' }
export const clientLoader = withArea('platform')

type Search = { email: string; error: string | null }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const email = new URL(request.url).searchParams.get('email')
  if (email === null) return { search: null as Search | null, account: null as RecoveryAccount | null }
  const parsed = FindAccountSchema.safeParse({ email: email.toLowerCase() })
  if (!parsed.success) return { search: { email, error: parsed.error.issues[0]?.message ?? 'validation.email' }, account: null }
  const account = await routeCall(() => findAccountForRecovery(ctx, parsed.data.email), {
    ...PLATFORM_SCREEN,
    failure: 'platformAccounts.loadError',
  })
  return { search: { email: parsed.data.email, error: account ? null : 'errors.NO_ACCOUNT_WITH_EMAIL' }, account }
}

type ResetActionData = { result: SubmissionResult<string[]> } | { error: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await platformCtx(request, context)
  const form = await readForm(request)
  if (form.get('intent') !== 'reset') return data({ error: 'errors.BAD_REQUEST' } satisfies ResetActionData, { status: 400 })
  const submission = parseWithZod(form, { schema: ResetAccountSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() } satisfies ResetActionData, { status: 400 })
  const { userId, email, identityChecks } = submission.value
  const here = `${new URL(request.url).pathname}?email=${encodeURIComponent(email)}`
  return routeCall(
    async () => {
      try {
        await resetSignInFactors(ctx, userId, identityChecks)
      } catch (error) {
        if (error instanceof DomainError && error.code === 'ACCOUNT_RECOVERY_OWN')
          return data({ error: messageKey(error.code) } satisfies ResetActionData, { status: error.status })
        throw error
      }
      return redirectWithToast(here, { key: 'platformAccounts.toast.reset', values: { email } })
    },
    { ...PLATFORM_SCREEN, failure: 'platformAccounts.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

const sectionClass = 'max-w-3xl rounded-md p-4 ring-1 ring-slate-200'

export default function PlatformAccounts() {
  const { t } = useTranslation()
  const { search, account } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ResetActionData | undefined
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="mb-1 text-xl font-bold">{t('platformAccounts.title')}</h1>
        <p className="max-w-3xl text-slate-700">{t('platformAccounts.intro')}</p>
      </div>
      <Form method="get" className="flex max-w-3xl flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1">
          <Field
            label={t('platformAccounts.search.label')}
            errors={search?.error ? [search.error] : undefined}
            inputProps={{ name: 'email', type: 'email', required: true, defaultValue: search?.email ?? '', autoComplete: 'off' }}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('platformAccounts.search.submit')}
        </Button>
      </Form>
      {account ? <AccountDetails account={account} actionData={actionData} /> : null}
    </div>
  )
}

function AccountDetails({ account, actionData }: { account: RecoveryAccount; actionData?: ResetActionData }) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const yes = t('platformAccounts.yes')
  const no = t('platformAccounts.no')
  const rows: [string, string][] = [
    [t('platformAccounts.account.name'), account.name],
    [t('platformAccounts.account.email'), account.email],
    [t('platformAccounts.account.created'), date(account.created)],
    [t('platformAccounts.account.password'), account.hasPassword ? yes : no],
    [
      t('platformAccounts.account.twoStep'),
      account.twoStep ? t('platformAccounts.account.twoStepOn', { count: account.recoveryCodesLeft }) : no,
    ],
    [t('platformAccounts.account.passkeys'), String(account.passkeys)],
    [t('platformAccounts.account.providers'), account.providers.length ? account.providers.join(', ') : t('platformAccounts.none')],
    [t('platformAccounts.account.sessions'), String(account.sessions)],
    [
      t('platformAccounts.account.organizations'),
      account.organizations.length
        ? account.organizations
            .map((o) => (o.role === 'admin' ? t('platformAccounts.account.adminOf', { name: o.name }) : o.name))
            .join(', ')
        : t('platformAccounts.none'),
    ],
  ]
  return (
    <>
      <Section titleId="platform-account-title" title={account.name || account.email} className={sectionClass}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-800">{label}</dt>
              <dd className="mb-2 break-all text-slate-700 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <ResetSection account={account} actionData={actionData} />
      {account.recoveries.length ? (
        <Section titleId="platform-recoveries-title" title={t('platformAccounts.history.title')} className={sectionClass}>
          <ul className="divide-y divide-slate-200">
            {account.recoveries.map((r) => (
              <li key={r._id} className="py-2">
                <p className="font-medium">
                  {t('platformAccounts.history.entry', { when: dateTime(r.created), who: r.actor ?? t('platformAccounts.history.gone') })}
                </p>
                <p className="whitespace-pre-line text-slate-700">{r.identityChecks}</p>
                <p className="text-sm text-slate-600">
                  {t('platformAccounts.history.removed', {
                    twoStep: r.removed.twoStep ? yes : no,
                    passkeys: r.removed.passkeys,
                    providers: r.removed.providers.length ? r.removed.providers.join(', ') : t('platformAccounts.none'),
                    sessions: r.removed.sessions,
                  })}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  )
}

/** The reset: the checks made (required), then the button; the service refuses the admin's own account. */
function ResetSection({ account, actionData }: { account: RecoveryAccount; actionData?: ResetActionData }) {
  const { t } = useTranslation()
  const location = useLocation()
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
  const form = serverForm(lastResult)
  const formKey = `${location.key}-${useAnswerKey(lastResult)}`
  const pending = useIntentPending('reset')
  const checksErrors = form.errors('identityChecks')
  return (
    <Section
      titleId="platform-reset-title"
      title={t('platformAccounts.reset.title')}
      intro={t('platformAccounts.reset.intro')}
      className={sectionClass}
    >
      {actionData && 'error' in actionData ? (
        <div className="mb-3">
          <Alert tone="error">{t(actionData.error)}</Alert>
        </div>
      ) : null}
      <Form key={formKey} method="post" noValidate className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="userId" value={account._id} />
        <input type="hidden" name="email" value={account.email} />
        <div>
          <label htmlFor="platform-reset-checks" className="mb-1 block text-sm font-medium text-slate-800">
            {t('platformAccounts.reset.checks')}
          </label>
          <textarea
            id="platform-reset-checks"
            name="identityChecks"
            required
            minLength={IDENTITY_CHECKS_MIN}
            maxLength={IDENTITY_CHECKS_MAX}
            rows={4}
            defaultValue={form.value('identityChecks')}
            autoFocus={checksErrors?.length ? true : undefined}
            aria-invalid={checksErrors?.length ? true : undefined}
            aria-describedby={['platform-reset-checks-hint', checksErrors?.length ? 'platform-reset-checks-error' : null]
              .filter(Boolean)
              .join(' ')}
            className={inputClass}
          />
          <p id="platform-reset-checks-hint" className="mt-1 text-sm text-slate-600">
            {t('platformAccounts.reset.checksHint', { min: IDENTITY_CHECKS_MIN })}
          </p>
          <FieldErrors id="platform-reset-checks-error" errors={checksErrors} />
        </div>
        <div>
          <Button type="submit" variant="danger" pending={pending}>
            {t('platformAccounts.reset.submit', { email: account.email })}
          </Button>
        </div>
      </Form>
    </Section>
  )
}
