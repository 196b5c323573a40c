import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { GroupHome } from '~/services/groups/group-home.server'
import { RenameGroupFormSchema } from '~/services/groups/my-groups.schemas'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { useIntentPendingFor } from '~/ui/use-intent-pending'
import { Section } from '~/ui/section'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const renameGroupFormConstraint = getZodConstraint(RenameGroupFormSchema)

/** The owner's settings: rename, activate or deactivate (handing over is on each member's row). */
export function GroupSettings({ group, lastResult }: { group: GroupHome['group']; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({
    id: 'group-rename',
    lastResult,
    constraint: renameGroupFormConstraint,
    defaultValue: { name: group.name },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameGroupFormSchema }),
  })
  const pending = useIntentPendingFor()
  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  return (
    <Section
      titleId="group-settings-title"
      title={t('groupHome.settings.title')}
      className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Form method="post" {...getFormProps(form)} className="mb-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="rename" />
        <div className="min-w-[14rem] flex-1">
          <Field label={t('groupHome.settings.name')} errors={fields.name.errors} inputProps={nameProps} />
        </div>
        <Button type="submit" variant="secondary" pending={pending('rename')}>
          {t('groupHome.settings.rename')}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="active" value={group.active ? '0' : '1'} />
        <Button type="submit" name="intent" value="set-active" variant="secondary" pending={pending('set-active')}>
          {group.active ? t('groupHome.settings.deactivate') : t('groupHome.settings.activate')}
        </Button>
      </Form>
    </Section>
  )
}
