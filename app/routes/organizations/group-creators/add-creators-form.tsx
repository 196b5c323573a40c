import type { SubmissionResult } from '@conform-to/react'
import { EmailListForm } from '~/ui/email-list-form'

const KEYS = {
  title: 'groupCreators.add.title',
  label: 'groupCreators.add.label',
  hint: 'groupCreators.add.hint',
  submit: 'groupCreators.add.submit',
}

/** Members made group creators by their email addresses. */
export function AddCreatorsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  return (
    <EmailListForm id="add-creators" intent="addCreators" keys={KEYS} heading="h3" rows={3} className="max-w-xl" lastResult={lastResult} />
  )
}
