import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { FieldErrors, inputClass } from '~/ui/field'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { INVITATION_CODE_LENGTH, isWellFormedCode } from '~/utils/invitation-code'

const FIELD_ID = 'invitation-code'

const CheckIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
    <path
      fillRule="evenodd"
      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l3.3 3.29 7.3-7.29a1 1 0 0 1 1.4 0Z"
      clipRule="evenodd"
    />
  </svg>
)
const ErrorIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
    <path
      fillRule="evenodd"
      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.7 7.3a1 1 0 0 0-1.4 1.4L8.6 10l-1.3 1.3a1 1 0 1 0 1.4 1.4l1.3-1.3 1.3 1.3a1 1 0 0 0 1.4-1.4L11.4 10l1.3-1.3a1 1 0 0 0-1.4-1.4L10 8.6 8.7 7.3Z"
      clipRule="evenodd"
    />
  </svg>
)

/**
 * The code field (spec section 5: 6 characters; green while well formed, red once a submitted code
 * failed). Sending it joins nothing: the page answers with what the code would do, to confirm.
 * Checked by the server only (as ADR 018): no zod or conform in the browser.
 */
export function CodeForm({
  code,
  lastResult,
  failedOnServer,
}: {
  code: string
  lastResult: SubmissionResult<string[]> | undefined
  failedOnServer: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const form = serverForm(lastResult)
  const errors = form.errors('code')
  const answerKey = useAnswerKey(lastResult)
  const submitted = form.value('code', failedOnServer ? code : '')
  const [value, setValue] = useState<string>(submitted || code)
  // Red once a submission failed, until the code is changed; green while it has the right form.
  const serverFailed = failedOnServer && value.trim().toUpperCase() === submitted.trim().toUpperCase()
  const failed = serverFailed || Boolean(errors?.length)
  const valid = !failed && isWellFormedCode(value)
  const state = failed ? 'invalid' : valid ? 'valid' : null
  const errorIds = [failedOnServer ? 'code-error' : null, errors?.length ? `${FIELD_ID}-error` : null]
  const describedBy = [`${FIELD_ID}-hint`, state ? `${FIELD_ID}-state` : null, ...errorIds].filter(Boolean).join(' ')
  return (
    <Form method="post" action="/invitation-code" noValidate className="flex flex-col gap-4">
      <div>
        <label htmlFor={FIELD_ID} className="mb-1 block text-sm font-medium text-slate-800">
          {t('invitationCode.label')}
        </label>
        <div className="relative">
          <input
            key={answerKey}
            id={FIELD_ID}
            name="code"
            type="text"
            defaultValue={submitted || code}
            required
            minLength={INVITATION_CODE_LENGTH}
            maxLength={INVITATION_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            aria-invalid={failed || undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              const upper = e.currentTarget.value.toUpperCase()
              if (upper !== e.currentTarget.value) {
                const { selectionStart, selectionEnd } = e.currentTarget
                e.currentTarget.value = upper
                e.currentTarget.setSelectionRange(selectionStart, selectionEnd)
              }
              setValue(upper)
            }}
            className={`${inputClass} pr-10 font-mono text-lg uppercase tracking-[0.3em]`}
          />
          {state ? (
            <span
              className={`pointer-events-none absolute inset-y-0 right-3 flex items-center ${state === 'valid' ? 'text-green-700' : 'text-red-700'}`}
            >
              {state === 'valid' ? <CheckIcon /> : <ErrorIcon />}
            </span>
          ) : null}
        </div>
        <p id={`${FIELD_ID}-hint`} className="mt-1 text-sm text-slate-600">
          {t('invitationCode.hint')}
        </p>
        {state ? (
          <span id={`${FIELD_ID}-state`} className="sr-only">
            {t(state === 'valid' ? 'invitationCode.valid' : 'invitationCode.invalid')}
          </span>
        ) : null}
        <FieldErrors id={`${FIELD_ID}-error`} errors={errors} />
      </div>
      <Button type="submit" name="intent" value="preview" pending={navigation.state === 'submitting'}>
        {t('invitationCode.submit')}
      </Button>
    </Form>
  )
}
