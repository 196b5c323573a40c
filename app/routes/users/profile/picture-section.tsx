import { Form, useLocation } from '@remix-run/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useHydrated } from '~/ui/use-hydrated'
import { PICTURE_ACCEPT, PROFILE_PICTURE_MAX_BYTES } from '~/utils/picture-rules'
import { sectionClass } from '~/ui/section'

/**
 * Upload (a multipart form to /users/:id/picture, sent as a full page so it works the same with
 * and without JavaScript) and removal (this page's action, confirmed) of the profile picture.
 * `error` is the message key of a failed upload (the page's `?pictureError=`), shown under the file
 * input; with JavaScript a file over the limit shows the same message as soon as it is chosen, and
 * the form is not sent.
 */
export function PictureSection({ userId, hasPicture, error }: { userId: string; hasPicture: boolean; error: string | null }) {
  const { t } = useTranslation()
  // undefined until a file is chosen: the server's error stands; then the browser's own check.
  const [chosenError, setChosenError] = useState<string | null>()
  const shown = chosenError === undefined ? error : chosenError
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
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? 'picture-hint picture-error' : 'picture-hint'}
            onChange={(e) => {
              // Said before sending 5 MB for nothing; the server checks again.
              const file = e.currentTarget.files?.[0]
              const tooLarge = file !== undefined && file.size > PROFILE_PICTURE_MAX_BYTES ? 'errors.PICTURE_TOO_LARGE' : null
              e.currentTarget.setCustomValidity(tooLarge ? t(tooLarge) : '')
              setChosenError(tooLarge)
            }}
            className="block max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          />
          {shown ? (
            <p id="picture-error" className="mt-1 text-sm text-red-700">
              {t(shown)}
            </p>
          ) : null}
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
            confirm={
              hydrated
                ? { title: t('profile.picture.confirmTitle'), body: t('profile.picture.confirmBody'), action: t('profile.picture.remove') }
                : undefined
            }
            onConfirm={() => removeForm.current?.requestSubmit()}
          >
            {t('profile.picture.remove')}
          </ConfirmButton>
        </Form>
      ) : null}
    </section>
  )
}
