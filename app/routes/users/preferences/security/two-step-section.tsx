import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { TwoStepStatus } from '~/services/two-step/totp.server'
import { Alert } from '~/ui/alert'
import { Field } from '~/ui/field'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

type LastResult = (intent: string) => SubmissionResult<string[]> | undefined

/** The key in groups of four, as apps ask for it. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key

/**
 * Two-step verification with an authenticator app: off (a button to set it up), being set up
 * (QR code, the key as text, a first code), or on (turn off, new recovery codes). New recovery
 * codes are shown once, with a download.
 */
export function TwoStepSection({
  status,
  oldRecoveryCodes,
  hasPassword,
  enrolment,
  recoveryCodes,
  lastResult,
}: {
  status: TwoStepStatus
  /** Unused recovery codes of the old, short kind (made before migration 037's release): asks to replace them. */
  oldRecoveryCodes: boolean
  hasPassword: boolean
  enrolment: { key: string; qr: string } | null
  recoveryCodes: string[] | null
  lastResult: LastResult
}) {
  const { t } = useTranslation()
  return (
    <PrefsSection id="prefs-two-step" title={t('profile.security.twoStep.title')} intro={<p>{t('profile.security.twoStep.intro')}</p>}>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {status.enabled ? (
        <TwoStepOn
          recoveryCodesLeft={status.recoveryCodesLeft}
          oldRecoveryCodes={oldRecoveryCodes}
          hasPassword={hasPassword}
          lastResult={lastResult}
        />
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} lastResult={lastResult('two-step-confirm')} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('profile.security.twoStep.offStatus')}</p>
          {hasPassword ? (
            <Form method="post">
              <input type="hidden" name="intent" value="two-step-start" />
              <SaveButton intent="two-step-start">{t('profile.security.twoStep.start')}</SaveButton>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">{t('profile.security.twoStep.ssoOnly')}</p>
          )}
        </div>
      )}
    </PrefsSection>
  )
}

function Enrolment({ enrolment, lastResult }: { enrolment: { key: string; qr: string }; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-two-step-confirm', lastResult, { code: { required: true, maxLength: 7 } })
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-slate-700">
        <li>
          {t('profile.security.twoStep.scan')}
          <img
            src={enrolment.qr}
            alt={t('profile.security.twoStep.qrAlt')}
            width={200}
            height={200}
            className="mt-2 block h-48 w-48 border border-slate-200 bg-white"
          />
        </li>
        <li>
          {t('profile.security.twoStep.orKey')}
          <code data-testid="totp-key" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-base text-slate-900">
            {grouped(enrolment.key)}
          </code>
        </li>
        <li>{t('profile.security.twoStep.enterCode')}</li>
      </ol>
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="two-step-confirm" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <Field
          label={t('profile.security.twoStep.code')}
          errors={form.errors('code')}
          inputProps={{
            ...form.field('code'),
            defaultValue: '',
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            pattern: '\\d{3} ?\\d{3}',
          }}
        />
        <SaveButton intent="two-step-confirm">{t('profile.security.twoStep.confirm')}</SaveButton>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="two-step-cancel" />
        <SaveButton intent="two-step-cancel" variant="secondary">
          {t('profile.security.twoStep.cancel')}
        </SaveButton>
      </Form>
    </div>
  )
}

function TwoStepOn({
  recoveryCodesLeft,
  oldRecoveryCodes,
  hasPassword,
  lastResult,
}: {
  recoveryCodesLeft: number
  oldRecoveryCodes: boolean
  hasPassword: boolean
  lastResult: LastResult
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="rounded bg-green-100 px-2 py-0.5 font-semibold text-green-900">{t('profile.security.twoStep.onStatus')}</span>{' '}
        <span className="text-slate-700">{t('profile.security.twoStep.codesLeft', { count: recoveryCodesLeft })}</span>
      </p>
      {oldRecoveryCodes ? <Alert tone="info">{t('profile.security.twoStep.oldCodes')}</Alert> : null}
      <ConfirmedForm
        intent="recovery-codes"
        hasPassword={hasPassword}
        lastResult={lastResult('recovery-codes')}
        label={t('profile.security.twoStep.newCodes')}
      />
      <ConfirmedForm
        intent="two-step-disable"
        hasPassword={hasPassword}
        lastResult={lastResult('two-step-disable')}
        label={t('profile.security.twoStep.turnOff')}
        danger
      />
    </div>
  )
}

/** A change to two-step itself, confirmed by a fresh code of the app or the password. */
function ConfirmedForm({
  intent,
  hasPassword,
  lastResult,
  label,
  danger,
}: {
  intent: 'recovery-codes' | 'two-step-disable'
  hasPassword: boolean
  lastResult?: SubmissionResult<string[]>
  label: string
  danger?: boolean
}) {
  const { t } = useTranslation()
  const form = usePrefsForm(`prefs-${intent}`, lastResult, { confirmation: { required: true, maxLength: 128 } })
  return (
    <Form key={form.key} method="post" {...form.formProps} className="border-t border-slate-100 pt-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">{label}</legend>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <Field
          label={t(hasPassword ? 'profile.security.twoStep.confirmation' : 'profile.security.twoStep.confirmationCode')}
          errors={form.errors('confirmation')}
          inputProps={{ ...form.field('confirmation'), type: 'password', autoComplete: 'off' }}
        />
        <SaveButton intent={intent} variant={danger ? 'danger' : 'secondary'}>
          {label}
        </SaveButton>
      </fieldset>
    </Form>
  )
}

/** The new recovery codes, shown once: a list, and a text file to download (a data: link, no script). */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  const text = `${t('profile.security.recovery.fileTitle')}\n\n${codes.join('\n')}\n`
  return (
    <div className="mb-4">
      <Alert tone="success">
        <h3 className="font-semibold">{t('profile.security.recovery.title')}</h3>
        <p className="mt-1">{t('profile.security.recovery.intro')}</p>
        <ul data-testid="recovery-codes" className="mt-2 grid grid-cols-1 gap-1 font-mono sm:grid-cols-2">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <a
          className="mt-3 inline-block font-medium underline"
          download="recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          {t('profile.security.recovery.download')}
        </a>
      </Alert>
    </div>
  )
}
