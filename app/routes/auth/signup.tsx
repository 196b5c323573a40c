import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { requireAnonymous } from '~/auth/guards.server'
import { SignUpSchema } from '~/auth/schemas'
import { DEFAULT_TIMEZONE, LOCALES } from '~/i18n/config'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { signUp } from '~/services/users.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  const url = new URL(request.url)
  return {
    sentTo: url.searchParams.get('sent'),
    invitationCode: url.searchParams.get('invitationCode') ?? '',
    locale: await detectLocale(request),
    timezones: Intl.supportedValuesOf('timeZone'),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SignUpSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const outcome = await formCall(submission.reply({ hideFields: ['password'] }), () => signUp(ctxFor(null, context), submission.value))
  if (!outcome.ok) return outcome.response
  return redirect(`/signup?sent=${encodeURIComponent(submission.value.email)}`)
}

export default function SignUp() {
  const { sentTo } = useLoaderData<typeof loader>()
  return sentTo ? <CheckEmail email={sentTo} /> : <SignUpForm />
}

function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('signup.checkEmail.title')}</h1>
      <Alert tone="success">
        <p>{t('signup.checkEmail.body', { email })}</p>
      </Alert>
      <p className="text-sm text-slate-700">
        {t('signup.checkEmail.notReceived')}{' '}
        <Link className="font-medium text-brand-700 underline" to={`/verify/resend?email=${encodeURIComponent(email)}`}>
          {t('signup.checkEmail.resend')}
        </Link>
      </p>
    </div>
  )
}

function SignUpForm() {
  const { t } = useTranslation()
  const { locale, timezones, invitationCode } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignUpSchema),
    defaultValue: { locale, timezone: DEFAULT_TIMEZONE, invitationCode },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  })
  // Prefill the browser's timezone once JavaScript runs (editable; Stockholm without it).
  const timezoneRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (timezoneRef.current && !actionData && timezones.includes(browserZone)) timezoneRef.current.value = browserZone
  }, [actionData, timezones])
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">{t('signup.title')}</h1>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        {invitationCode ? <input type="hidden" name={fields.invitationCode.name} value={invitationCode} /> : null}
        <Field label={t('fields.name')} errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} />
        <Field
          label={t('fields.email')}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label={t('fields.password')}
          hint={t('signup.passwordHint')}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
        />
        <SelectField label={t('fields.locale')} errors={fields.locale.errors} selectProps={getSelectProps(fields.locale)}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`common.localeName.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('fields.timezone')} errors={fields.timezone.errors} selectProps={{ ...getSelectProps(fields.timezone), ref: timezoneRef }}>
          {timezones.map((tz) => (
            <option key={tz} value={tz}>
              {tz.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <Button type="submit" pending={navigation.state === 'submitting'}>
          {t('signup.submit')}
        </Button>
      </Form>
    </>
  )
}
