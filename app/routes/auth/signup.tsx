import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AUTH_CONSTRAINTS } from '~/auth/constraints.server'
import { requireAnonymous } from '~/auth/guards.server'
import { safeRedirect, SignUpSchema } from '~/auth/schemas'
import { DEFAULT_TIMEZONE, LOCALES } from '~/i18n/config'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { readForm } from '~/utils/form-body.server'
import { isWellFormedCode, normalizeCode } from '~/utils/invitation-code'
import { currentZoneName } from '~/utils/timezones'
import { timezones } from '~/services/profile/profile.server'
import { signUp } from '~/services/accounts/users.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { constraintProps, serverForm } from '~/ui/server-form'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'
import { invitationTeaser } from '~/services/invitations/invitation-teaser.server'
import { InvitationTeaser } from './invitation-teaser'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'signup.title' }

/**
 * The invitation code a sign-up carries: ?invitationCode=, or the code of a redirectTo to the
 * invitation-code screen (the invitation email's link, passed on by sign-in). Only a well-formed
 * code, normalized; anything else is dropped.
 */
function invitationCodeOf(search: URLSearchParams, redirectTo: string) {
  const fromRedirect = new URL(redirectTo, 'http://same-origin.invalid')
  const candidates = [
    search.get('invitationCode'),
    fromRedirect.pathname === '/invitation-code' ? fromRedirect.searchParams.get('code') : null,
  ]
  const code = candidates.find((c): c is string => !!c && isWellFormedCode(c))
  return code ? normalizeCode(code) : ''
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  await requireAnonymous(context, redirectTo || '/')
  return {
    sentTo: url.searchParams.get('sent'),
    // What the invitation link that led here is to, and from whom (issue 35).
    teaser: await invitationTeaser(ctxFor(null, context), redirectTo),
    invitationCode: invitationCodeOf(url.searchParams, redirectTo),
    redirectTo,
    locale: await detectLocale(request),
    timezones: timezones(),
    constraint: AUTH_CONSTRAINTS.signUp,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: SignUpSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), error: null }, { status: 400 })
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
  const { locale, timezones, invitationCode, redirectTo, constraint, teaser } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  // Prefill the browser's timezone once JavaScript runs (editable; Stockholm without it).
  const timezoneRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const browserZone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone)
    if (timezoneRef.current && !actionData && timezones.includes(browserZone)) timezoneRef.current.value = browserZone
  }, [actionData, timezones])
  const code = form.value('invitationCode', invitationCode)
  const next = form.value('redirectTo', redirectTo)
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">{t('signup.title')}</h1>
      <InvitationTeaser teaser={teaser} page="signup" />
      <Form method="post" className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        {code ? <input type="hidden" name="invitationCode" value={code} /> : null}
        {next ? <input type="hidden" name="redirectTo" value={next} /> : null}
        <Field
          label={t('fields.name')}
          errors={form.errors('name')}
          inputProps={{
            id: 'name',
            name: 'name',
            type: 'text',
            defaultValue: form.value('name'),
            autoComplete: 'name',
            ...constraintProps(constraint.name),
          }}
        />
        <Field
          label={t('fields.email')}
          errors={form.errors('email')}
          inputProps={{
            id: 'email',
            name: 'email',
            type: 'email',
            defaultValue: form.value('email'),
            autoComplete: 'email',
            ...constraintProps(constraint.email),
          }}
        />
        <Field
          label={t('fields.password')}
          hint={t('signup.passwordHint')}
          errors={form.errors('password')}
          inputProps={{
            id: 'password',
            name: 'password',
            type: 'password',
            autoComplete: 'new-password',
            ...constraintProps(constraint.password),
          }}
        />
        <SelectField
          label={t('fields.locale')}
          errors={form.errors('locale')}
          selectProps={{ id: 'locale', name: 'locale', defaultValue: form.value('locale', locale) }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`common.localeName.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('fields.timezone')}
          errors={form.errors('timezone')}
          selectProps={{ id: 'timezone', name: 'timezone', defaultValue: form.value('timezone', DEFAULT_TIMEZONE), ref: timezoneRef }}
        >
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
