import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from './app-link'
import { Button } from './button'

/**
 * Without JavaScript: the confirmation step the server asks for, keeping the selection. It names
 * what will change (`selection.named`, the first few; the rest are "and N more"): chosen rows as
 * ticked checkboxes that post again, so an item can still be left out; "all matching" as a list.
 */
export function ConfirmPanel({
  intent,
  selection,
  title,
  body,
  action,
  itemsLabel,
  extra,
}: {
  intent: string
  /** What is confirmed: ids, or "all matching" with the count shown (the server checks it is still that). */
  selection?: { ids: string[]; scope?: string; count: number; named?: { id: string; name: string }[] }
  title: string
  body: string
  action: string
  /** The heading of the named items ("Members to remove"). */
  itemsLabel?: string
  extra?: Record<string, string>
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const named = selection?.named ?? []
  const shown = new Set(named.map((n) => n.id))
  const unnamed = t('bulk.unnamed')
  const more = (selection?.count ?? 0) - named.length
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
      {named.length ? (
        <fieldset className="mb-3">
          <legend className="mb-1 font-medium">{itemsLabel ?? t('bulk.confirmItems')}</legend>
          {selection?.scope ? (
            <ul className="list-disc pl-5">
              {named.map((n) => (
                <li key={n.id}>{n.name || unnamed}</li>
              ))}
            </ul>
          ) : (
            <ul>
              {named.map((n) => (
                <li key={n.id}>
                  <label className="inline-flex items-center gap-2">
                    <input type="checkbox" name="ids" value={n.id} defaultChecked className="size-4" />
                    {n.name || unnamed}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {more > 0 ? <p className="mt-1">{t('bulk.andMore', { count: more })}</p> : null}
        </fieldset>
      ) : null}
      {selection?.ids
        .filter((id) => !shown.has(id))
        .map((id) => (
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
