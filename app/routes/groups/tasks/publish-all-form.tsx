import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * "Publish all N drafts": one form, posted to the Tasks screen's action (from the overview too),
 * which answers with a toast on the Tasks screen.
 */
export function PublishAllForm({ groupId, count }: { groupId: string; count: number }) {
  const { t } = useTranslation()
  const pending = useIntentPending('publish-all')
  return (
    <Form method="post" action={`/groups/${groupId}/tasks`}>
      <Button type="submit" name="intent" value="publish-all" pending={pending} className="min-h-11">
        {t('groupTasks.drafts.publishAll', { count })}
      </Button>
    </Form>
  )
}
