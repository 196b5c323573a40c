import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { InviteFormSchema } from '~/services/invitations.schemas'
import { Alert } from '~/ui/alert'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field, FieldErrors } from '~/ui/field'
import type { GroupCreatorsActionData } from './intents.server'
import { useIntentPending } from '~/ui/use-intent-pending'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const inviteFormConstraint = getZodConstraint(InviteFormSchema)

/**
 * The invitation form. With JavaScript: a button opening a 600 px native dialog; the dialog stays
 * open showing the error of a failed submission and closes on success (spec section 4). Without
 * JavaScript: the same form inline on the page.
 */
export function InviteDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const fetcher = useFetcher<GroupCreatorsActionData>({ key: 'invite' })
  const dialogRef = useRef<HTMLDialogElement>(null)
  const submitting = useRef<{ dataBefore: unknown } | null>(null)
  const [shown, setShown] = useState<SubmissionResult<string[]> | undefined>()
  const [formKey, setFormKey] = useState(0)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      submitting.current ??= { dataBefore: fetcher.data }
      return
    }
    if (!submitting.current) return
    const { dataBefore } = submitting.current
    submitting.current = null
    const data = fetcher.data as GroupCreatorsActionData | undefined
    if (data !== dataBefore && data && 'result' in data) {
      setShown(data.result) // failed: the dialog stays open with the error
    } else {
      // Succeeded (a redirect brings no new data): a fresh form, and the dialog closes.
      setShown(undefined)
      setFormKey((k) => k + 1)
      dialogRef.current?.close()
    }
  }, [fetcher.state, fetcher.data])
  if (!hydrated) {
    return (
      <div className="mb-6 max-w-xl rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 className="mb-3 font-semibold">{t('invitations.dialogTitle')}</h3>
        <InviteForm FormComponent={Form} lastResult={lastResult} busy={false} />
      </div>
    )
  }
  return (
    <div className="mb-6">
      <Button type="button" onClick={() => dialogRef.current?.showModal()}>
        {t('invitations.new')}
      </Button>
      <Dialog dialogRef={dialogRef} labelledBy="invite-dialog-title" width="form">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h3 id="invite-dialog-title" className="text-lg font-semibold">
            {t('invitations.dialogTitle')}
          </h3>
          <button
            type="button"
            className="rounded px-2 text-xl leading-none text-slate-600 hover:bg-slate-100"
            aria-label={t('common.close')}
            onClick={() => dialogRef.current?.close()}
          >
            ×
          </button>
        </div>
        <InviteForm key={formKey} FormComponent={fetcher.Form} lastResult={shown} busy={fetcher.state !== 'idle'} />
      </Dialog>
    </div>
  )
}

function InviteForm({
  FormComponent,
  lastResult,
  busy,
}: {
  FormComponent: typeof Form
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm({
    id: 'invite',
    lastResult,
    constraint: inviteFormConstraint,
    defaultValue: { type: 'email' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteFormSchema }),
  })
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? 'email'))
  const submittingInvite = useIntentPending('invite')
  const pending = busy || submittingInvite
  const legendId = useId()
  const { key: _emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  return (
    <FormComponent method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="invite" />
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          {form.errors.map((e) => (
            <p key={e}>{t(e)}</p>
          ))}
        </Alert>
      ) : null}
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
          {t('invitations.type.legend')}
        </legend>
        <div className="flex flex-col gap-2">
          {(['email', 'open'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2">
              <input
                type="radio"
                name={fields.type.name}
                value={value}
                defaultChecked={type === value}
                onChange={() => setType(value)}
                className="mt-1 size-4"
                aria-describedby={`invite-type-${value}-hint`}
              />
              <span>
                <span className="font-medium">{t(`invitations.type.${value}`)}</span>
                <span id={`invite-type-${value}-hint`} className="block text-sm text-slate-600">
                  {t(`invitations.type.${value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={`${fields.type.id}-error`} errors={fields.type.errors} />
      </fieldset>
      {/* Without JavaScript the field is always there; the server ignores it for an open code. */}
      <div hidden={type === 'open'}>
        <Field
          label={t('invitations.email')}
          errors={fields.email.errors}
          inputProps={{ ...emailProps, autoComplete: 'off', required: type === 'email' }}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {t('invitations.submit')}
        </Button>
      </div>
    </FormComponent>
  )
}
