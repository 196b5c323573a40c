import { Form, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalPath, commentsPath, FEEDBACK_ANCHOR, KEPT_COMMENT_PARAM } from './loop-feedback-paths'
import { COMMENT_MAX_LENGTH } from '~/utils/group-work-limits'
import { Button } from '~/ui/button'
import { inputClass } from '~/ui/field'

export interface LoopFeedbackFormProps {
  groupId: string
  loopId: string
  /** The author (an answer) or an owner or leader (a comment); false for a subscriber, who reads only. */
  canComment: boolean
  /** An owner or leader on a report (a loop on a task): free loops are not approved. */
  canApprove: boolean
  /** Whether the report is approved now. */
  approved: boolean
  /** The actor wrote the loop: the text field is their answer. */
  isAuthor?: boolean
}

/**
 * The feedback form under a loop's thread (docs/group-work.md "Feedback"): a comment (or, for the
 * author, an answer) and, for owners and leaders on a report, "Approve" or "Take back the approval".
 * Plain forms posting to the resource routes (routes/groups/feedback/), which return to the loop
 * page with a toast: they work without JavaScript; with it they submit without a reload and show
 * their pending state. An unsent comment comes back in the page's `?comment=` and fills the field.
 */

export function LoopFeedbackForm({ groupId, loopId, canComment, canApprove, approved, isAuthor = false }: LoopFeedbackFormProps) {
  const { t } = useTranslation()
  const id = useId()
  const [search] = useSearchParams()
  const location = useLocation()
  const navigation = useNavigation()
  const sending = (path: string) => navigation.state === 'submitting' && navigation.formAction === path
  const comments = commentsPath(groupId, loopId)
  const approval = approvalPath(groupId, loopId)
  const kept = (search.get(KEPT_COMMENT_PARAM) ?? '').slice(0, COMMENT_MAX_LENGTH)
  if (!canComment && !canApprove)
    return (
      <p id={FEEDBACK_ANCHOR} className="rounded-md bg-slate-50 p-3 text-slate-700">
        {t('loopFeedback.readOnly')}
      </p>
    )
  return (
    <section id={FEEDBACK_ANCHOR} aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('loopFeedback.title')}
      </h2>
      {canComment ? (
        // Keyed by the location: after a sent comment (a redirect) the field is empty again.
        <Form key={location.key} method="post" action={comments} className="flex flex-col gap-2">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
            {t(isAuthor ? 'loopFeedback.comment.answerLabel' : 'loopFeedback.comment.label')}
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            required
            maxLength={COMMENT_MAX_LENGTH}
            rows={4}
            defaultValue={kept}
            aria-describedby={`${id}-hint`}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {t('loopFeedback.comment.hint')}
          </p>
          <div>
            <Button type="submit" pending={sending(comments)}>
              {t(isAuthor ? 'loopFeedback.comment.answer' : 'loopFeedback.comment.send')}
            </Button>
          </div>
        </Form>
      ) : null}
      {canApprove ? (
        <Form method="post" action={approval} className="flex flex-wrap items-center gap-3">
          {approved ? (
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900">
              {t('loopFeedback.approval.approved')}
            </span>
          ) : null}
          <input type="hidden" name="approved" value={approved ? '0' : '1'} />
          <Button type="submit" variant={approved ? 'secondary' : 'primary'} pending={sending(approval)}>
            {t(approved ? 'loopFeedback.approval.takeBack' : 'loopFeedback.approval.approve')}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
