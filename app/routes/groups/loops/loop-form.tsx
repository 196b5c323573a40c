import { Form, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LOOP_TEXT_MAX, FREE_LOOP } from '~/utils/group-work-limits'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { FieldErrors, inputClass } from '~/ui/field'
import { EmotionScale } from '~/ui/group-work/emotion-scale'
import { LOOP_PHOTO_ACCEPT } from '~/utils/loop-photo-rules'
import type { LoopFormAnswer } from './loop-form.server'
import { useRootData } from '~/ui/root-data'
import { loopDraftKey } from '~/browser/loop-drafts'

/**
 * The loop form, new or edit: the task named at the top (or a task select, with "Free loop" where
 * the group takes them), the text, the emotional value (EmotionScale), the group's tags as
 * checkboxes and up to three photos. A multipart POST that works without JavaScript: a failed
 * send answers the form again with everything typed (photos excepted, and it says so). With
 * JavaScript a new loop's draft (text, feeling, tags) is kept on the device while typing, keyed
 * by group and task, restored after a reload or a lost connection, and cleared once it is sent.
 */
export interface LoopFormProps {
  mode: 'new' | 'edit'
  groupId: string
  /** The task written about, named at the top (new with ?task=, and edit); null with `tasks` is a select. */
  task: { id: string; title: string } | null
  tasks: { id: string; title: string }[]
  freeLoops: boolean
  tags: { id: string; name: string }[]
  /** The loop's photos (edit). */
  photos?: { id: string; url: string }[]
  /** The values to start from (edit: the loop). */
  defaults?: { text: string; emotion: number; tags: string[] }
  answer?: LoopFormAnswer
  cancelTo: string
}

interface Draft {
  text: string
  emotion: string
  tags: string[]
}

function readDraft(key: string): Draft | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Draft | null
    return value && typeof value.text === 'string' ? value : null
  } catch {
    return null
  }
}

function draftOf(form: HTMLFormElement): Draft {
  const data = new FormData(form)
  return { text: String(data.get('text') ?? ''), emotion: String(data.get('emotion') ?? ''), tags: data.getAll('tags').map(String) }
}

function applyDraft(form: HTMLFormElement, draft: Draft) {
  const text = form.elements.namedItem('text') as HTMLTextAreaElement | null
  if (text) text.value = draft.text
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="emotion"]')) input.checked = input.value === draft.emotion
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="tags"]')) input.checked = draft.tags.includes(input.value)
}

export function LoopForm({ mode, groupId, task, tasks, freeLoops, tags, photos = [], defaults, answer, cancelTo }: LoopFormProps) {
  const { t } = useTranslation()
  const formRef = useRef<HTMLFormElement>(null)
  const location = useLocation()
  const navigation = useNavigation()
  const [restored, setRestored] = useState(false)
  const values = answer?.values
  const taskValue = task?.id ?? values?.task ?? ''
  const userId = useRootData()?.user?.id
  const key = mode === 'new' && userId ? loopDraftKey(userId, groupId, task?.id ?? '') : null
  const errors = answer?.errors ?? {}
  const sending = navigation.state === 'submitting' && navigation.formAction?.startsWith(location.pathname)
  const chosenTags = values?.tags ?? defaults?.tags ?? []
  const emotion = values?.emotion ? Number(values.emotion) : defaults?.emotion

  // The draft: restored once on a fresh form (not over what the server sent back), saved on each change.
  useEffect(() => {
    if (!key || !formRef.current || answer) return
    const draft = readDraft(key)
    if (draft && (draft.text || draft.emotion || draft.tags.length)) {
      applyDraft(formRef.current, draft)
      setRestored(true)
    }
  }, [key, answer])
  // Sent: the action redirected away from the form (to the loop), so the draft has done its work.
  useEffect(() => {
    if (key && navigation.state === 'loading' && navigation.formMethod && navigation.location.pathname !== location.pathname)
      window.localStorage.removeItem(key)
  }, [key, navigation, location.pathname])
  const save = () => {
    if (key && formRef.current) window.localStorage.setItem(key, JSON.stringify(draftOf(formRef.current)))
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      onInput={save}
      onChange={save}
      className="space-y-5"
      aria-labelledby="loop-form-title"
      noValidate
    >
      {restored ? <Alert tone="info">{t('loops.form.draftRestored')}</Alert> : null}
      {answer?.error ? (
        <Alert tone="error" id="loop-form-error">
          {t(answer.error)}
        </Alert>
      ) : null}
      {answer?.photosDropped ? <Alert tone="info">{t('loops.form.photosNotKept')}</Alert> : null}

      {task ? (
        <div>
          <p className="text-sm font-medium text-slate-700">{t('loops.form.onTask')}</p>
          <p className="text-lg font-semibold break-words">{task.title}</p>
          {mode === 'new' ? <input type="hidden" name="task" value={task.id} /> : null}
        </div>
      ) : mode === 'new' ? (
        <div>
          <label htmlFor="loop-task" className="mb-1 block text-sm font-medium text-slate-800">
            {t('loops.form.task')}
          </label>
          <select
            id="loop-task"
            name="task"
            defaultValue={taskValue}
            required
            aria-invalid={errors.task?.length ? true : undefined}
            aria-describedby={errors.task?.length ? 'loop-task-error' : undefined}
            className={inputClass}
          >
            <option value="">{t('loops.form.chooseTask')}</option>
            {tasks.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
            {freeLoops ? <option value={FREE_LOOP}>{t('loops.form.freeLoop')}</option> : null}
          </select>
          <FieldErrors id="loop-task-error" errors={errors.task} />
        </div>
      ) : null}

      <div>
        <label htmlFor="loop-text" className="mb-1 block text-sm font-medium text-slate-800">
          {t('loops.form.text')}
        </label>
        <textarea
          id="loop-text"
          name="text"
          rows={8}
          required
          maxLength={LOOP_TEXT_MAX}
          defaultValue={values?.text ?? defaults?.text ?? ''}
          aria-invalid={errors.text?.length ? true : undefined}
          aria-describedby={['loop-text-hint', errors.text?.length ? 'loop-text-error' : null].filter(Boolean).join(' ')}
          autoFocus={errors.text?.length ? true : undefined}
          className={inputClass}
        />
        <p id="loop-text-hint" className="mt-1 text-sm text-slate-600">
          {t('loops.form.textHint')}
        </p>
        <FieldErrors id="loop-text-error" errors={errors.text} />
      </div>

      <EmotionScale id="loop-emotion" name="emotion" defaultValue={emotion} errors={errors.emotion} />

      <fieldset aria-describedby={errors.tags?.length ? 'loop-tags-error' : undefined}>
        <legend className="mb-1 block text-sm font-medium text-slate-800">{t('loops.form.tags')}</legend>
        {tags.length ? (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag.id}>
                <label className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
                  <input type="checkbox" name="tags" value={tag.id} defaultChecked={chosenTags.includes(tag.id)} className="size-4" />
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('loops.form.noTags')}</p>
        )}
        <FieldErrors id="loop-tags-error" errors={errors.tags} />
      </fieldset>

      {photos.length ? (
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">{t('loops.form.currentPhotos')}</legend>
          <ul className="flex flex-wrap gap-3">
            {photos.map((photo, i) => (
              <li key={photo.id} className="w-28">
                <img src={photo.url} alt={t('loops.detail.photo', { number: i + 1 })} className="h-20 w-28 rounded object-cover" />
                <label className="mt-1 flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="removePhoto"
                    value={photo.id}
                    defaultChecked={values?.removePhoto.includes(photo.id)}
                    className="size-4"
                  />
                  {t('loops.form.removePhoto', { number: i + 1 })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <div>
        <label htmlFor="loop-photos" className="mb-1 block text-sm font-medium text-slate-800">
          {t('loops.form.photos')}
        </label>
        <input
          id="loop-photos"
          name="photos"
          type="file"
          multiple
          accept={LOOP_PHOTO_ACCEPT}
          aria-invalid={errors.photos?.length ? true : undefined}
          aria-describedby={['loop-photos-hint', errors.photos?.length ? 'loop-photos-error' : null].filter(Boolean).join(' ')}
          className="block w-full text-sm"
        />
        <p id="loop-photos-hint" className="mt-1 text-sm text-slate-600">
          {t('loops.form.photosHint')}
        </p>
        <FieldErrors id="loop-photos-error" errors={errors.photos} />
      </div>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={sending}>
          {sending ? t('loops.form.sending') : mode === 'new' ? t('loops.form.send') : t('loops.form.save')}
        </Button>
        <AppLink to={cancelTo} className={buttonClass('secondary')}>
          {t('loops.form.cancel')}
        </AppLink>
      </div>
    </Form>
  )
}
