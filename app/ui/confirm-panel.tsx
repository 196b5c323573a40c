import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from './app-link'
import { Button } from './button'

/** Without JavaScript: the confirmation step the server asks for, keeping the selection. */
export function ConfirmPanel({
  intent,
  selection,
  title,
  body,
  action,
  extra,
}: {
  intent: string
  /** What is confirmed: ids, or "all matching" with the count shown (the server checks it is still that). */
  selection?: { ids: string[]; scope?: string; count: number }
  title: string
  body: string
  action: string
  extra?: Record<string, string>
}) {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <Form
      method="post"
      className="mb-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-4"
      role="alertdialog"
      aria-labelledby="confirm-panel-title"
    >
      <h2 id="confirm-panel-title" className="font-semibold">
        {title}
      </h2>
      <p className="mb-3">{body}</p>
      {selection?.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      {selection?.scope ? (
        <>
          <input type="hidden" name="scope" value={selection.scope} />
          <input type="hidden" name="expected" value={selection.count} />
        </>
      ) : null}
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="confirmed" value="1" />
      <div className="flex gap-2">
        <Button type="submit" name="intent" value={intent} variant="danger">
          {action}
        </Button>
        {/* Back to the same list (its search, sort and page kept), without the pending action. */}
        <AppLink
          to={`${location.pathname}${location.search}`}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium"
        >
          {t('common.cancel')}
        </AppLink>
      </div>
    </Form>
  )
}
