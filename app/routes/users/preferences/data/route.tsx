import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { destroySession } from '~/auth/session.server'
import { DomainError, messageKey } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { deleteAccount, deletionBlockers } from '~/services/profile/my-data.server'
import { DeleteAccountFormSchema } from '~/services/profile/profile.schemas'
import { Alert } from '~/ui/alert'
import { buttonClass } from '~/ui/button'
import { Field } from '~/ui/field'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { PROFILE_SCREEN } from '../../user-not-found.server'
import { userIdOf } from '../../user-id'
import { PREFS_CONSTRAINTS } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/**
 * /users/:id/preferences/data: download everything the product holds about the user (JSON), and
 * delete the account: confirmed by the password and a checkbox (works without JavaScript), refused
 * while the user is the last admin of an organization or owns a group, naming them.
 */
export const handle = { breadcrumb: 'profile.data.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const userId = userIdOf(params)
  const blockers = await routeCall(() => deletionBlockers(ctxFor(actor, context), userId), {
    ...PROFILE_SCREEN,
    failure: 'profile.loadError',
  })
  return { userId, blockers, constraint: PREFS_CONSTRAINTS.deleteAccount }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: DeleteAccountFormSchema })
  if (form.get('intent') !== 'delete-account') return data({ result: null }, { status: 400 })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  if (form.get('confirmed') !== '1') {
    return data(
      { result: submission.reply({ fieldErrors: { confirmed: ['profile.data.delete.confirmRequired'] }, hideFields: ['password'] }) },
      { status: 400 },
    )
  }
  try {
    await routeCall(() => deleteAccount(ctxFor(actor, context), userIdOf(params), submission.value.password), PROFILE_SCREEN)
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'USER_NOT_FOUND' || error.status >= 500) throw error
    const key = messageKey(error.code)
    const reply = error.code === 'WRONG_PASSWORD' ? { fieldErrors: { password: [key] } } : { formErrors: [key] }
    return data({ result: submission.reply({ ...reply, hideFields: ['password'] }) }, { status: error.status })
  }
  const clear = await destroySession(ctxFor(null, context).db, request)
  return redirectWithToast('/signin', { key: 'profile.data.delete.done' }, [clear])
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function MyData() {
  const { t } = useTranslation()
  const { userId, blockers, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const form = usePrefsForm('prefs-delete', actionData?.result, constraint)
  const blocked = blockers.lastAdminOf.length > 0 || blockers.ownerOf.length > 0
  const confirmErrors = form.errors('confirmed')
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">{t('profile.data.title')}</h1>
      <PrefsSection id="prefs-download" title={t('profile.data.download.title')} intro={<p>{t('profile.data.download.intro')}</p>}>
        <a href={`/users/${encodeURIComponent(userId)}/my-data.json`} download className={buttonClass('secondary')}>
          {t('profile.data.download.action')}
        </a>
      </PrefsSection>
      <PrefsSection id="prefs-delete" title={t('profile.data.delete.title')} intro={<p>{t('profile.data.delete.intro')}</p>}>
        {blocked ? (
          <Alert tone="info">
            <p className="font-semibold">{t('profile.data.delete.blocked')}</p>
            {blockers.lastAdminOf.length ? <p>{t('profile.data.delete.lastAdminOf', { names: blockers.lastAdminOf.join(', ') })}</p> : null}
            {blockers.ownerOf.length ? <p>{t('profile.data.delete.ownerOf', { names: blockers.ownerOf.join(', ') })}</p> : null}
          </Alert>
        ) : (
          <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="delete-account" />
            <FormErrors id={form.errorId} errors={form.formErrors} />
            <Field
              label={t('profile.data.delete.password')}
              errors={form.errors('password')}
              inputProps={{ ...form.field('password'), type: 'password', autoComplete: 'current-password' }}
            />
            <div>
              <div className="flex items-start gap-2">
                <input
                  id="delete-confirmed"
                  type="checkbox"
                  name="confirmed"
                  value="1"
                  required
                  className="mt-1 size-4"
                  aria-invalid={confirmErrors ? true : undefined}
                  aria-describedby={confirmErrors ? 'delete-confirmed-error' : undefined}
                  autoFocus={confirmErrors ? true : undefined}
                />
                <label htmlFor="delete-confirmed">{t('profile.data.delete.confirm')}</label>
              </div>
              {confirmErrors ? (
                <p id="delete-confirmed-error" className="mt-1 text-sm text-red-700">
                  {t(confirmErrors[0])}
                </p>
              ) : null}
            </div>
            <SaveButton intent="delete-account" variant="danger">
              {t('profile.data.delete.action')}
            </SaveButton>
          </Form>
        )}
      </PrefsSection>
    </div>
  )
}
