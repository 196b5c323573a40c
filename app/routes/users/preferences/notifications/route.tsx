import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ALERT_TEMPLATES } from '~/services/alerts/alert-templates'
import { ctxFor } from '~/services/context.server'
import { NotificationsFormSchema } from '~/services/profile/profile.schemas'
import { requireSelf, updateNotifications } from '~/services/profile/profile.server'
import { toCurrentUser } from '~/services/accounts/users.server'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { PROFILE_SCREEN } from '../../user-not-found.server'
import { userIdOf } from '../../user-id'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/**
 * /users/:id/preferences/notifications: one checkbox per kind of alert (ALERT_TEMPLATES); an
 * unchecked one is unsubscribed, for the feed's alerts and for emails alike (createAlerts and
 * subscribedUsers read users.unsubscribed_templates).
 */
export const handle = { breadcrumb: 'profile.notifications.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const user = await routeCall(async () => toCurrentUser(requireSelf(ctxFor(actor, context), userIdOf(params))), PROFILE_SCREEN)
  return { unsubscribed: user.preferences.notifications.unsubscribedTemplates }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request, { repeats: { subscribed: ALERT_TEMPLATES.length } })
  const submission = parseWithZod(form, { schema: NotificationsFormSchema })
  if (form.get('intent') !== 'notifications' || submission.status !== 'success')
    return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const subscribed = submission.value.subscribed
  const unsubscribed = ALERT_TEMPLATES.filter((t) => !subscribed.includes(t))
  await routeCall(() => updateNotifications(ctxFor(actor, context), userIdOf(params), unsubscribed), {
    ...PROFILE_SCREEN,
    failure: 'profile.updateError',
  })
  return redirectWithToast(new URL(request.url).pathname, { key: 'profile.notifications.saved' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function NotificationPreferences() {
  const { t } = useTranslation()
  const { unsubscribed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">{t('profile.notifications.title')}</h1>
      <PrefsSection id="prefs-notifications" title={t('profile.notifications.legend')} intro={<p>{t('profile.notifications.intro')}</p>}>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="notifications" />
          <FormErrors id="prefs-notifications-error" errors={actionData?.error ? [actionData.error] : undefined} />
          <fieldset>
            <legend className="sr-only">{t('profile.notifications.legend')}</legend>
            <ul className="flex flex-col gap-2">
              {ALERT_TEMPLATES.map((template) => (
                <li key={template} className="flex items-start gap-2">
                  <input
                    id={`template-${template}`}
                    type="checkbox"
                    name="subscribed"
                    value={template}
                    defaultChecked={!unsubscribed.includes(template)}
                    className="mt-1 size-4"
                  />
                  <label htmlFor={`template-${template}`}>{t(`profile.notifications.templates.${template}`)}</label>
                </li>
              ))}
            </ul>
          </fieldset>
          <SaveButton intent="notifications">{t('profile.notifications.save')}</SaveButton>
        </Form>
      </PrefsSection>
    </div>
  )
}
