import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUTH_CONSTRAINTS } from '~/auth/constraints.server'
import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { requestPasswordReset, resendVerification } from '~/services/accounts/users.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { constraintProps, serverForm } from '~/ui/server-form'
import { readForm } from '~/utils/form-body.server'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: (data: unknown) => `${(data as { mode?: string } | undefined)?.mode ?? 'forgot'}.title` }

/** One screen for /forgot-password and /verify/resend: both ask for an address and send a link. */
const modeOf = (request: Request) => (new URL(request.url).pathname.startsWith('/verify') ? 'resend' : 'forgot')

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return {
    mode: modeOf(request),
    email: url.searchParams.get('email') ?? '',
    sent: url.searchParams.get('sent') === '1',
    constraint: AUTH_CONSTRAINTS.email,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const mode = modeOf(request)
  const submission = parseWithZod(await readForm(request), { schema: EmailOnlySchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const ctx = ctxFor(null, context)
  const send = mode === 'resend' ? resendVerification : requestPasswordReset
  const outcome = await formCall(submission.reply(), () => send(ctx, submission.value.email))
  if (!outcome.ok) return outcome.response
  const path = mode === 'resend' ? '/verify/resend' : '/forgot-password'
  return redirect(`${path}?sent=1&email=${encodeURIComponent(submission.value.email)}`)
}

export default function ForgotPassword() {
  const { t } = useTranslation()
  const { mode, email, sent, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{t(`${mode}.title`)}</h1>
      <p className="mb-4 text-slate-700">{t(`${mode}.intro`)}</p>
      {sent ? (
        <div className="mb-4">
          <Alert tone="success">{t(`${mode}.sent`, { email })}</Alert>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        <Field
          label={t('fields.email')}
          errors={form.errors('email')}
          inputProps={{
            id: 'email',
            name: 'email',
            type: 'email',
            defaultValue: form.value('email', email),
            autoComplete: 'email',
            ...constraintProps(constraint.email),
          }}
        />
        <div className="flex items-center justify-between gap-4">
          <Link to="/signin" className="text-sm text-brand-700 underline">
            {t('common.backToSignin')}
          </Link>
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {t(sent ? `${mode}.again` : `${mode}.submit`)}
          </Button>
        </div>
      </Form>
    </>
  )
}
