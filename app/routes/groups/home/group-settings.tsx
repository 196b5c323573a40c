import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { GroupHome } from '~/services/groups/group-home.server'
import { GROUP_NAME_MAX } from '~/services/groups/groups.constants'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPendingFor } from '~/ui/use-intent-pending'
import { Section } from '~/ui/section'

/**
 * The owner's settings: rename, activate or deactivate (handing over is on each member's row). The
 * name is validated on the server only (as ADR 018): no zod or conform in the browser.
 */
export function GroupSettings({ group, lastResult }: { group: GroupHome['group']; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const pending = useIntentPendingFor()
  return (
    <Section
      titleId="group-settings-title"
      title={t('groupHome.settings.title')}
      className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Form id="group-rename" method="post" noValidate className="mb-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="rename" />
        <div className="min-w-[14rem] flex-1">
          <Field
            key={answerKey}
            label={t('groupHome.settings.name')}
            errors={form.errors('name')}
            inputProps={{
              id: 'group-rename-name',
              name: 'name',
              type: 'text',
              defaultValue: form.value('name', group.name),
              required: true,
              maxLength: GROUP_NAME_MAX,
              autoFocus: form.errors('name') ? true : undefined,
            }}
          />
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
