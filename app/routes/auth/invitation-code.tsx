import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { withArea } from '~/i18n/client'
import { DomainError, messageKey } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { RedeemCodeSchema } from '~/services/invitations.schemas'
import { readForm } from '~/utils/form-body.server'
import { INVITATION_CODE_LENGTH, isWellFormedCode } from '~/utils/invitation-code'
import { redeemInvitationCode } from '~/services/invitations.server'
import { builtPath } from '~/ui/layout/screens'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { FieldErrors, inputClass } from '~/ui/field'
import { RetryCountdown } from '~/ui/retry-countdown'
import { redirectWithToast } from '~/ui/toast.server'

// Its messages are in the administration area, loaded in the browser only where needed.
export const handle = { i18nArea: 'invitations' }
export const clientLoader = withArea('invitations')

/** Signed-in users only: a signed-out visitor signs in first and comes back here, code kept. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const code = (new URL(request.url).searchParams.get('code') ?? '').trim().toUpperCase().slice(0, INVITATION_CODE_LENGTH)
  return { code }
}

export interface InvitationCodeError {
  code: string
  retryAt?: string
  redirectTo?: string
  name?: string
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const submission = parseWithZod(await readForm(request), { schema: RedeemCodeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  try {
    const { redirectTo, name } = await redeemInvitationCode(ctxFor(user, context), submission.value.code)
    // A group's screen is not built yet: the toast says where the user was added, from the feed.
    return redirectWithToast(builtPath(safeRedirect(redirectTo)) ?? '/', { key: 'invitationCode.success', values: { name } })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const extra = error.data as Omit<InvitationCodeError, 'code'>
    const body: InvitationCodeError = { code: error.code, ...pick(extra, ['retryAt', 'redirectTo', 'name']) }
    return data({ result: submission.reply(), error: body }, { status: error.status })
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]) {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Pick<T, K>
}

/** The section 8 message of a failed code, with the retry time or the "Go to…" link it needs. */
function CodeError({ error }: { error: InvitationCodeError }) {
  const { t } = useTranslation()
  const goTo =
    error.code === 'ALREADY_ADDED_TO_GROUP'
      ? t('invitationCode.goToGroup')
      : error.code === 'ALREADY_ADDED_TO_ORGANIZATION' || error.code === 'IS_ALREADY_GROUP_CREATOR'
        ? t('invitationCode.goToOrganization')
        : null
  return (
    <Alert tone="error" id="code-error">
      {error.code === 'TOO_MANY_ATTEMPTS' && error.retryAt ? (
        <RetryCountdown retryAt={error.retryAt} />
      ) : (
        <p>{t(messageKey(error.code), { name: error.name ?? '' })}</p>
      )}
      {goTo && error.redirectTo && builtPath(safeRedirect(error.redirectTo)) ? (
        <p className="mt-2">
          <Link to={safeRedirect(error.redirectTo)} className="font-medium underline">
            {goTo}
          </Link>
        </p>
      ) : null}
    </Alert>
  )
}

const CheckIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
    <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4l3.3 3.29 7.3-7.29a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
  </svg>
)
const ErrorIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
    <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.7 7.3a1 1 0 0 0-1.4 1.4L8.6 10l-1.3 1.3a1 1 0 1 0 1.4 1.4l1.3-1.3 1.3 1.3a1 1 0 0 0 1.4-1.4L11.4 10l1.3-1.3a1 1 0 0 0-1.4-1.4L10 8.6 8.7 7.3Z" clipRule="evenodd" />
  </svg>
)

export default function InvitationCode() {
  const { t } = useTranslation()
  const { code } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(RedeemCodeSchema),
    defaultValue: { code },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RedeemCodeSchema }),
  })
  const submitted = String((actionData?.result?.initialValue as { code?: string } | undefined)?.code ?? '')
  const [value, setValue] = useState<string>(submitted || code)
  // Red once a submission failed, until the code is changed; green while it has the right form.
  const serverFailed = Boolean(actionData?.error) && value.trim().toUpperCase() === submitted.trim().toUpperCase()
  const failed = serverFailed || Boolean(fields.code.errors?.length)
  const valid = !failed && isWellFormedCode(value)
  const state = failed ? 'invalid' : valid ? 'valid' : null
  const errorIds = [actionData?.error ? 'code-error' : null, fields.code.errors?.length ? `${fields.code.id}-error` : null]
  const describedBy = [`${fields.code.id}-hint`, state ? `${fields.code.id}-state` : null, ...errorIds].filter(Boolean).join(' ')
  const { key, ...inputProps } = getInputProps(fields.code, { type: 'text' })
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('invitationCode.title')}</h1>
      <p className="text-slate-700">{t('invitationCode.intro')}</p>
      {actionData?.error ? <CodeError error={actionData.error} /> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <div>
          <label htmlFor={fields.code.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t('invitationCode.label')}
          </label>
          <div className="relative">
            <input
              key={key}
              {...inputProps}
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
              <span className={`pointer-events-none absolute inset-y-0 right-3 flex items-center ${state === 'valid' ? 'text-green-700' : 'text-red-700'}`}>
                {state === 'valid' ? <CheckIcon /> : <ErrorIcon />}
              </span>
            ) : null}
          </div>
          <p id={`${fields.code.id}-hint`} className="mt-1 text-sm text-slate-600">
            {t('invitationCode.hint')}
          </p>
          {state ? (
            <span id={`${fields.code.id}-state`} className="sr-only">
              {t(state === 'valid' ? 'invitationCode.valid' : 'invitationCode.invalid')}
            </span>
          ) : null}
          <FieldErrors id={`${fields.code.id}-error`} errors={fields.code.errors} />
        </div>
        <Button type="submit" pending={navigation.state === 'submitting'}>
          {t('invitationCode.submit')}
        </Button>
      </Form>
    </div>
  )
}
