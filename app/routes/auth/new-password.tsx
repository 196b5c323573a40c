import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUTH_CONSTRAINTS } from '~/auth/constraints.server'
import { NewPasswordSchema } from '~/auth/schemas'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { checkPasswordResetToken, resetPassword } from '~/services/accounts/users.server'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { constraintProps, serverForm } from '~/ui/server-form'
import { readForm } from '~/utils/form-body.server'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'newPassword.title' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  // The token is checked first (verify-token), so a dead link says so before any typing.
  try {
    await checkPasswordResetToken(ctxFor(null, context), token)
    return data({ token, tokenError: null, constraint: AUTH_CONSTRAINTS.newPassword })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token, tokenError: { code: error.code }, constraint: AUTH_CONSTRAINTS.newPassword }, { status: error.status })
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: NewPasswordSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['newPassword', 'confirmPassword'] }), error: null }, { status: 400 })
  }
  const outcome = await formCall(submission.reply({ hideFields: ['newPassword', 'confirmPassword'] }), () =>
    resetPassword(ctxFor(null, context), submission.value),
  )
  if (!outcome.ok) return outcome.response
  return redirect(`/signin?email=${encodeURIComponent(outcome.value.email)}&notice=passwordChanged`)
}

export default function NewPassword() {
  const { t } = useTranslation()
  const { token, tokenError, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  if (tokenError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-bold">{t('newPassword.title')}</h1>
        <AuthError error={tokenError} />
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          {t('newPassword.requestNew')}
        </Link>
      </div>
    )
  }
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">{t('newPassword.title')}</h1>
      <Form method="post" className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        <input type="hidden" name="token" value={token} />
        <Field
          label={t('fields.newPassword')}
          hint={t('signup.passwordHint')}
          errors={form.errors('newPassword')}
          inputProps={{
            id: 'newPassword',
            name: 'newPassword',
            type: 'password',
            autoComplete: 'new-password',
            ...constraintProps(constraint.newPassword),
          }}
        />
        <Field
          label={t('fields.confirmPassword')}
          errors={form.errors('confirmPassword')}
          inputProps={{
            id: 'confirmPassword',
            name: 'confirmPassword',
            type: 'password',
            autoComplete: 'new-password',
            ...constraintProps(constraint.confirmPassword),
          }}
        />
        <Button type="submit" pending={navigation.state === 'submitting'}>
          {t('newPassword.submit')}
        </Button>
      </Form>
    </>
  )
}
