import { Form, useLocation } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useHydrated } from '~/ui/use-hydrated'
import { PICTURE_ACCEPT, PROFILE_PICTURE_MAX_BYTES } from '~/utils/picture-rules'
import { sectionClass } from '../section'

/**
 * Upload (a multipart form to /users/:id/picture, sent as a full page so it works the same with
 * and without JavaScript) and removal (this page's action, confirmed) of the profile picture.
 */
export function PictureSection({ userId, hasPicture }: { userId: string; hasPicture: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const location = useLocation()
  const removeForm = useRef<HTMLFormElement>(null)
  return (
    <section aria-labelledby="picture-title" className={sectionClass}>
      <h2 id="picture-title" className="mb-1 text-lg font-semibold">
        {t('profile.picture.title')}
      </h2>
      <p id="picture-hint" className="mb-3 text-sm text-slate-600">
        {t('profile.picture.hint')}
      </p>
      <form
        method="post"
        action={`/users/${encodeURIComponent(userId)}/picture`}
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <div>
          <label htmlFor="picture-file" className="mb-1 block text-sm font-medium text-slate-800">
            {t('profile.picture.file')}
          </label>
          <input
            id="picture-file"
            name="picture"
            type="file"
            accept={PICTURE_ACCEPT}
            required
            aria-describedby="picture-hint"
            onChange={(e) => {
              // Said before sending 5 MB for nothing; the server checks again.
              const file = e.currentTarget.files?.[0]
              e.currentTarget.setCustomValidity(file && file.size > PROFILE_PICTURE_MAX_BYTES ? t('errors.PICTURE_TOO_LARGE') : '')
            }}
            className="block max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          />
        </div>
        <Button type="submit">{t('profile.picture.upload')}</Button>
      </form>
      {hasPicture ? (
        <Form method="post" ref={removeForm} className="mt-3">
          <input type="hidden" name="intent" value="remove-picture" />
          {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
          <ConfirmButton
            variant="secondary"
            dialogId="remove-picture-confirm"
            confirm={hydrated ? { title: t('profile.picture.confirmTitle'), body: t('profile.picture.confirmBody'), action: t('profile.picture.remove') } : undefined}
            onConfirm={() => removeForm.current?.requestSubmit()}
          >
            {t('profile.picture.remove')}
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  )
}
