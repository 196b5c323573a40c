import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useLocation, useNavigate, useSubmit } from '@remix-run/react'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchPasskeyOptions, isCancelled, isRefusal, supportsWebAuthn, webAuthnBrowser } from '~/browser/passkeys'
import { reauthUrl } from '~/auth/reauth-url'
import { messageKey } from '~/errors'
import type { PasskeyListItem } from '~/services/passkeys/passkeys.server'
import type { SessionListItem } from '~/services/profile/profile.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { Field } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { useHydrated } from '~/ui/use-hydrated'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

type LastResult = (intent: string) => SubmissionResult<string[]> | undefined
const NAME_MAX = 60

/**
 * The user's passkeys (name, added, last used, synced), each renamed or removed (removal asked
 * first: a dialog with JavaScript, a confirmation step without), and "Add a passkey", which
 * needs JavaScript (the browser's WebAuthn API): without it the section says so and points to
 * the other ways (the password, two-step verification). The last way in cannot be removed.
 */
export function PasskeysSection({
  passkeys,
  removable,
  currentDevice,
  confirmRemove,
  lastResult,
}: {
  passkeys: PasskeyListItem[]
  removable: boolean
  currentDevice: Pick<SessionListItem, 'browser' | 'os'> | null
  confirmRemove: { passkey: string; name: string } | null
  lastResult: LastResult
}) {
  const { t } = useTranslation()
  return (
    <PrefsSection id="prefs-passkeys" title={t('profile.security.passkeys.title')} intro={<p>{t('profile.security.passkeys.intro')}</p>}>
      {confirmRemove ? <ConfirmRemoval {...confirmRemove} /> : null}
      <FormErrors id="prefs-passkey-remove-form-error" errors={lastResult('passkey-remove')?.error?.[''] ?? undefined} />
      {passkeys.length ? (
        <ul className="mb-4 flex flex-col divide-y divide-slate-100" aria-label={t('profile.security.passkeys.title')}>
          {passkeys.map((p) => (
            <PasskeyRow key={p._id} passkey={p} removable={removable} lastResult={lastResult} />
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-700">{t('profile.security.passkeys.empty')}</p>
      )}
      <AddPasskey currentDevice={currentDevice} lastResult={lastResult('passkey-add')} />
    </PrefsSection>
  )
}

function PasskeyRow({ passkey, removable, lastResult }: { passkey: PasskeyListItem; removable: boolean; lastResult: LastResult }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const hydrated = useHydrated()
  const removeForm = useRef<HTMLFormElement>(null)
  const renameResult = lastResult('passkey-rename')
  const renaming = renameResult?.initialValue?.passkey === passkey._id ? renameResult : undefined
  const form = usePrefsForm(
    `prefs-passkey-rename-${passkey._id}`,
    renaming,
    { name: { required: true, maxLength: NAME_MAX } },
    { name: passkey.name },
  )
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="passkey">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">
            {passkey.name}
            {passkey.backedUp ? (
              <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {t('profile.security.passkeys.synced')}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600">
            {t('profile.security.passkeys.times', {
              created: dateTime(passkey.created),
              lastUsed: passkey.lastUsed
                ? t('profile.security.passkeys.lastUsed', { date: dateTime(passkey.lastUsed) })
                : t('profile.security.passkeys.neverUsed'),
            })}
          </p>
        </div>
        {removable ? (
          <Form method="post" ref={removeForm}>
            <input type="hidden" name="intent" value="passkey-remove" />
            <input type="hidden" name="passkey" value={passkey._id} />
            {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
            <ConfirmButton
              variant="secondary"
              dialogId={`remove-passkey-${passkey._id}`}
              confirm={
                hydrated
                  ? {
                      title: t('profile.security.passkeys.removeTitle', { name: passkey.name }),
                      body: t('profile.security.passkeys.removeBody'),
                      action: t('profile.security.passkeys.removeAction'),
                    }
                  : undefined
              }
              onConfirm={() => removeForm.current?.requestSubmit()}
            >
              {t('profile.security.passkeys.remove')}
              <span className="sr-only"> {passkey.name}</span>
            </ConfirmButton>
          </Form>
        ) : (
          <span className="text-sm text-slate-600">{t('profile.security.passkeys.lastWayIn')}</span>
        )}
      </div>
      <details open={!!renaming}>
        <summary className="cursor-pointer text-sm text-brand-700 underline">
          {t('profile.security.passkeys.rename')}
          <span className="sr-only"> {passkey.name}</span>
        </summary>
        <Form key={form.key} method="post" {...form.formProps} className="mt-2 flex flex-col gap-2">
          <input type="hidden" name="intent" value="passkey-rename" />
          <input type="hidden" name="passkey" value={passkey._id} />
          <FormErrors id={form.errorId} errors={form.formErrors} />
          <Field
            label={t('profile.security.passkeys.renameWhich', { name: passkey.name })}
            errors={form.errors('name')}
            inputProps={{ ...form.field('name'), type: 'text', autoComplete: 'off' }}
          />
          <SaveButton intent="passkey-rename" variant="secondary">
            {t('profile.security.passkeys.save')}
          </SaveButton>
        </Form>
      </details>
    </li>
  )
}

/** Without JavaScript: "Remove the passkey …?" as a step of its own. */
function ConfirmRemoval({ passkey, name }: { passkey: string; name: string }) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <Form
      method="post"
      role="alertdialog"
      aria-labelledby="confirm-remove-passkey-title"
      className="mb-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-4"
    >
      <h3 id="confirm-remove-passkey-title" className="font-semibold">
        {t('profile.security.passkeys.removeTitle', { name })}
      </h3>
      <p className="mt-1 text-sm">{t('profile.security.passkeys.removeBody')}</p>
      <input type="hidden" name="intent" value="passkey-remove" />
      <input type="hidden" name="passkey" value={passkey} />
      <input type="hidden" name="confirmed" value="1" />
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <SaveButton intent="passkey-remove" variant="danger">
          {t('profile.security.passkeys.removeAction')}
        </SaveButton>
        <Link to={`${location.pathname}#prefs-passkeys`} className="text-sm text-brand-700 underline">
          {t('profile.security.passkeys.keep')}
        </Link>
      </div>
    </Form>
  )
}

/** "Add a passkey": the name, then the browser's own dialog; the answer goes to the action (intent passkey-add). */
function AddPasskey({
  currentDevice,
  lastResult,
}: {
  currentDevice: Pick<SessionListItem, 'browser' | 'os'> | null
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigate = useNavigate()
  const location = useLocation()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const device = [currentDevice?.browser, currentDevice?.os].filter(Boolean).join(t('profile.account.sessions.on'))
  const form = usePrefsForm(
    'prefs-passkey-add',
    lastResult,
    { name: { required: true, maxLength: NAME_MAX } },
    { name: device || t('profile.security.passkeys.defaultName') },
  )
  if (!hydrated) {
    return (
      <Alert tone="info">
        <p>{t('profile.security.passkeys.needsJs')}</p>
        <p className="mt-1">
          <a className="font-medium underline" href="#prefs-two-step">
            {t('profile.security.twoStep.title')}
          </a>
        </p>
      </Alert>
    )
  }
  if (!supportsWebAuthn()) return <p className="text-sm text-slate-700">{t('profile.security.passkeys.unsupported')}</p>

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const name = String(new FormData(event.currentTarget).get('name') ?? '')
    setBusy(true)
    setProblem(null)
    try {
      const options = await fetchPasskeyOptions<PublicKeyCredentialCreationOptionsJSON>(`${location.pathname}/passkeys/options`)
      // No recent proof: "Confirm it's you" first, then back to this section.
      if (isRefusal(options) && options.message === 'REAUTH_REQUIRED')
        return navigate(reauthUrl(`${location.pathname}${location.search}#prefs-passkeys`))
      if (isRefusal(options)) return setProblem(messageKey(options.message))
      const { startRegistration } = await webAuthnBrowser()
      const response = await startRegistration({ optionsJSON: options })
      submit({ intent: 'passkey-add', name, response: JSON.stringify(response) }, { method: 'post' })
    } catch (error) {
      setProblem(isCancelled(error) ? 'profile.security.passkeys.cancelled' : 'errors.PASSKEY_INVALID')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form key={form.key} method="post" {...form.formProps} onSubmit={add} className="flex flex-col gap-2 border-t border-slate-100 pt-3">
      {problem ? <Alert tone="error">{t(problem)}</Alert> : null}
      <FormErrors id={form.errorId} errors={form.formErrors} />
      <Field
        label={t('profile.security.passkeys.name')}
        hint={t('profile.security.passkeys.nameHint')}
        errors={form.errors('name')}
        inputProps={{ ...form.field('name'), type: 'text', autoComplete: 'off' }}
      />
      <div>
        <Button type="submit" pending={busy}>
          {busy ? t('profile.security.passkeys.adding') : t('profile.security.passkeys.add')}
        </Button>
      </div>
    </Form>
  )
}
