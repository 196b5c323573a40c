import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { isErrorCode, messageKey } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { removeProfilePicture } from '~/services/profile/profile-pictures.server'
import { getProfile } from '~/services/profile/profile.server'
import { Avatar } from '~/ui/avatar'
import { buttonClass } from '~/ui/button'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { PICTURE_ERROR_PARAM } from '~/utils/picture-rules'
import { PROFILE_SCREEN } from '../user-not-found.server'
import { accountPreferencesPath, userIdOf } from '../user-id'
import { MembershipsSection } from './memberships-section'
import { PictureSection } from './picture-section'

/**
 * /users/:id (and /beta-users/:uid[/home]): the user's own profile (picture, name, email,
 * organizations, groups), or another user's name and picture for people who share an
 * organization or a group with them. The picture is uploaded to /users/:id/picture (its own
 * multipart route, ADR 010); removing it is this page's form (intent remove-picture, confirmed).
 */
export const handle = { breadcrumb: 'profile.page.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const profile = await routeCall(() => getProfile(ctxFor(actor, context), userIdOf(params)), {
    ...PROFILE_SCREEN,
    failure: 'profile.loadError',
  })
  // An upload that failed comes back with its code (picture.ts, or the server's body limit).
  const code = new URL(request.url).searchParams.get(PICTURE_ERROR_PARAM)
  return { profile, pictureError: profile.own && isErrorCode(code) ? messageKey(code) : null }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context)
  const form = await readForm(request)
  const url = new URL(request.url)
  if (form.get('intent') !== 'remove-picture') return data({ confirmRemove: false }, { status: 400 })
  if (form.get('confirmed') !== '1') return data({ confirmRemove: true })
  await routeCall(() => removeProfilePicture(ctxFor(actor, context), userIdOf(params)), {
    ...PROFILE_SCREEN,
    failure: 'profile.updateError',
  })
  return redirectWithToast(url.pathname, { key: 'profile.picture.removed' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function ProfilePage() {
  const { t } = useTranslation()
  const { profile, pictureError } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const params = useParams()
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {actionData?.confirmRemove ? (
        <ConfirmPanel
          intent="remove-picture"
          title={t('profile.picture.confirmTitle')}
          body={t('profile.picture.confirmBody')}
          action={t('profile.picture.remove')}
        />
      ) : null}
      <section aria-labelledby="profile-title" className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar name={profile.name} src={profile.profile_pic} size="lg" alt={t('profile.picture.alt', { name: profile.name })} />
        <div className="min-w-0">
          <h1 id="profile-title" className="break-words text-2xl font-bold">
            {profile.name}
          </h1>
          {profile.own ? <p className="break-all text-slate-700">{profile.email}</p> : null}
          {profile.own ? (
            <AppLink to={accountPreferencesPath(params)} className={`${buttonClass('secondary')} mt-3`}>
              {t('profile.page.editPreferences')}
            </AppLink>
          ) : null}
        </div>
      </section>
      {profile.own ? (
        <>
          <PictureSection userId={profile._id} hasPicture={profile.profile_pic !== null} error={pictureError} />
          <MembershipsSection organizations={profile.organizations} groups={profile.groups} />
        </>
      ) : (
        <p className="text-slate-700">{t('profile.page.othersNote')}</p>
      )}
    </div>
  )
}
