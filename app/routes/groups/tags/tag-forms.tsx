import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { TAG_DESCRIPTION_MAX, TAG_NAME_MAX } from '~/utils/group-work-limits'
import type { TagView } from '~/services/group-work/tags.server'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { Field } from '~/ui/field'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useHydrated } from '~/ui/use-hydrated'
import { useIntentPending, useIntentPendingFor } from '~/ui/use-intent-pending'

const FIELDS = ['name', 'description'] as const

/** The add form (no `tag`) or a tag's inline rename form. */
export function TagForm({ tag, lastResult }: { tag?: TagView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const formId = tag ? `tag-${tag.id}` : 'tag-new'
  const intent = tag ? 'update' : 'create'
  const pending = useIntentPending(intent, tag ? { tagId: tag.id } : undefined)
  return (
    <Form key={answerKey} method="post" noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      {tag ? <input type="hidden" name="tagId" value={tag.id} /> : null}
      <div className="min-w-[12rem] flex-1">
        <Field
          label={tag ? t('groupTags.form.newName', { name: tag.name }) : t('groupTags.form.name')}
          errors={form.errors('name')}
          inputProps={{ ...form.input(formId, 'name', tag?.name ?? '', FIELDS), type: 'text', required: true, maxLength: TAG_NAME_MAX }}
        />
      </div>
      <div className="min-w-[12rem] flex-[2]">
        <Field
          label={tag ? t('groupTags.form.newDescription', { name: tag.name }) : t('groupTags.form.description')}
          errors={form.errors('description')}
          inputProps={{
            ...form.input(formId, 'description', tag?.description ?? '', FIELDS),
            type: 'text',
            maxLength: TAG_DESCRIPTION_MAX,
          }}
        />
      </div>
      <Button type="submit" variant={tag ? 'secondary' : 'primary'} pending={pending} className="min-h-11">
        {tag ? t('groupTags.form.save') : t('groupTags.form.add')}
      </Button>
    </Form>
  )
}

/** A tag's actions: rename (a disclosure with its form) and delete (asked first, naming its loops). */
export function TagActions({ tag, lastResult }: { tag: TagView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const pending = useIntentPendingFor()
  const deleteRef = useRef<HTMLFormElement>(null)
  return (
    <div className="space-y-2">
      <details open={lastResult ? true : undefined}>
        <summary className="cursor-pointer font-medium text-brand-700" aria-label={t('groupTags.form.renameTag', { name: tag.name })}>
          {t('groupTags.form.rename')}
        </summary>
        <div className="mt-2 min-w-[18rem]">
          <TagForm tag={tag} lastResult={lastResult} />
        </div>
      </details>
      <Form method="post" ref={deleteRef}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="tagId" value={tag.id} />
        {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
        <ConfirmButton
          variant="secondary"
          className="!min-h-11 !px-3 !py-1 text-sm"
          aria-label={t('groupTags.deleteTag', { name: tag.name })}
          dialogId={`delete-tag-${tag.id}`}
          pending={pending('delete', { tagId: tag.id })}
          confirm={
            hydrated
              ? {
                  title: t('groupTags.confirm.deleteTitle'),
                  body: t(tag.loopCount ? 'groupTags.confirm.deleteBody' : 'groupTags.confirm.deleteBodyNone', {
                    name: tag.name,
                    count: tag.loopCount,
                  }),
                  action: t('groupTags.confirm.deleteAction'),
                }
              : undefined
          }
          onConfirm={() => deleteRef.current?.requestSubmit()}
        >
          {t('groupTags.delete')}
        </ConfirmButton>
      </Form>
    </div>
  )
}
