import { Form, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from './confirm-dialog'
import { useHydrated } from './use-hydrated'
import { useIntentPending } from './use-intent-pending'
import { formatNumber } from './format'

/**
 * Bulk forms (conventions: "lists of checkboxes named ids that post without JavaScript").
 * The row checkboxes belong to the form by its id, so they can sit in table cells. With
 * JavaScript: select all, a live count and a confirmation dialog for destructive actions;
 * without: the server answers a destructive intent lacking `confirmed=1` with a ConfirmPanel.
 */

function checkboxesOf(formId: string) {
  return Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=ids][form="${formId}"]`))
}

/** The ticked "all N matching" checkbox of a bulk form, if it is ticked. */
const matchingChoiceOf = (formId: string) =>
  document.querySelector<HTMLInputElement>(`input[type=checkbox][name=scope][form="${formId}"]:checked`)

/** What a bulk form would act on: every matching item when "all N matching" is ticked, else the ticked rows. */
function selectedCountOf(formId: string) {
  const matching = matchingChoiceOf(formId)
  return matching ? Number(matching.dataset.total) : checkboxesOf(formId).filter((c) => c.checked).length
}

/** Ticked rows a confirmation dialog names before "and N more" (as the server's confirmation step). */
const CONFIRM_NAMES = 10

/** The names of the first ticked rows: the text of the element each checkbox is labelled by after the select word. */
function selectedNamesOf(formId: string) {
  return checkboxesOf(formId)
    .filter((c) => c.checked)
    .slice(0, CONFIRM_NAMES)
    .map((c) => {
      const nameId = (c.getAttribute('aria-labelledby') ?? '').split(' ')[1]
      return (nameId && document.getElementById(nameId)?.textContent?.trim()) || ''
    })
}

/** The number of selected items of a bulk form, kept live, and (`withNames`) the first ticked rows' names. */
export function useSelection(formId: string, withNames = false) {
  const [selection, setSelection] = useState<{ count: number; names: string[] }>({ count: 0, names: [] })
  const { key } = useLocation()
  useEffect(() => {
    const update = () => setSelection({ count: selectedCountOf(formId), names: withNames ? selectedNamesOf(formId) : [] })
    update()
    document.addEventListener('change', update)
    return () => document.removeEventListener('change', update)
  }, [formId, key, withNames])
  return selection
}

/** The number of selected items of a bulk form, kept live. */
export const useSelectedCount = (formId: string) => useSelection(formId).count

/** The id of the bulk table's one "Select" word, which every row checkbox's name starts with. */
const selectWordId = (formId: string) => `${formId}-select-word`

/**
 * A row's checkbox, named "Select <the row's name>" from the table's select word and the element
 * with id `nameId` (no translation per row). A new page (after an action's redirect, a filter, a
 * page link) starts unticked.
 */
export function RowCheckbox({
  formId,
  value,
  nameId,
  defaultChecked,
}: {
  formId: string
  value: string
  /** The id of the cell that holds the row's name. */
  nameId: string
  defaultChecked?: boolean
}) {
  const { key } = useLocation()
  return (
    <input
      key={key}
      type="checkbox"
      name="ids"
      value={value}
      form={formId}
      aria-labelledby={`${selectWordId(formId)} ${nameId}`}
      defaultChecked={defaultChecked}
      // A row taken out of "all N matching" leaves a selection of rows.
      onChange={(e) => {
        const matching = matchingChoiceOf(formId)
        if (!e.target.checked && matching) matching.checked = false
      }}
      className="size-4"
    />
  )
}

/**
 * "Select all N matching": a checkbox of the bulk form named `scope` (value `matching`). Ticked,
 * the form acts on every item the list's search and filters match, across pages: the server
 * reads them from the URL the form posts to, not from ids. Works without JavaScript; with it,
 * ticking it also ticks the page's rows and the live count and confirmation say N.
 */
function SelectMatching({ formId, total }: { formId: string; total: number }) {
  const { t, i18n } = useTranslation()
  const { key } = useLocation()
  return (
    <label className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-100">
      <input
        key={key}
        type="checkbox"
        name="scope"
        value="matching"
        form={formId}
        data-total={total}
        onChange={(e) => {
          for (const c of checkboxesOf(formId)) c.checked = e.target.checked
          document.dispatchEvent(new Event('change'))
        }}
        className="size-4"
      />
      {t('bulk.selectMatching', { count: total, total: formatNumber(i18n.language, total) })}
    </label>
  )
}

export function SelectAll({ formId }: { formId: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const count = useSelectedCount(formId)
  const ref = useRef<HTMLInputElement>(null)
  const total = hydrated ? checkboxesOf(formId).length : 0
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < total
  }, [count, total])
  // Without JavaScript the column's header still names it (the checkbox needs a script to act).
  if (!hydrated) return <span className="sr-only">{t('bulk.select')}</span>
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t('bulk.selectAll')}
      checked={total > 0 && count === total}
      onChange={(e) => {
        for (const c of checkboxesOf(formId)) c.checked = e.target.checked
        document.dispatchEvent(new Event('change'))
      }}
      className="size-4"
    />
  )
}

/**
 * The bar of bulk actions: the form itself (its buttons post `intent`), with the live count.
 * Given the list's `total` and the rows on this page, it offers "select all N matching" when
 * the list has more than this page.
 */
export function BulkBar({
  formId,
  children,
  extra,
  total,
  pageCount,
}: {
  formId: string
  children: ReactNode
  extra?: ReactNode
  total?: number
  pageCount?: number
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const count = useSelectedCount(formId)
  return (
    <Form
      id={formId}
      method="post"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-md bg-white p-2 shadow-sm ring-1 ring-slate-200"
    >
      {hydrated ? (
        <span className="mr-2 text-sm text-slate-700" aria-live="polite">
          {t('bulk.selected', { count })}
        </span>
      ) : null}
      {total !== undefined && pageCount !== undefined && total > pageCount ? <SelectMatching formId={formId} total={total} /> : null}
      {extra}
      {children}
    </Form>
  )
}

/**
 * A bulk action button; `confirm` asks first (dialog with JS, ConfirmPanel without), naming the
 * first ticked rows under `confirm.itemsLabel`.
 */
export function BulkAction({
  intent,
  children,
  confirm,
  variant = 'secondary',
  formId,
}: {
  intent: string
  children: ReactNode
  /** Asks first; the body is given the number of selected rows. */
  confirm?: { title: string; body: (count: number) => string; action: string; itemsLabel?: string }
  variant?: 'secondary' | 'danger' | 'primary'
  formId: string
}) {
  const { count, names } = useSelection(formId, Boolean(confirm?.itemsLabel))
  const hydrated = useHydrated()
  const busy = useIntentPending(intent)
  const submitConfirmed = () => {
    const form = document.getElementById(formId) as HTMLFormElement | null
    if (!form) return
    const hidden = [
      Object.assign(document.createElement('input'), { type: 'hidden', name: 'intent', value: intent }),
      Object.assign(document.createElement('input'), { type: 'hidden', name: 'confirmed', value: '1' }),
      // The count the dialog showed: for "all N matching" the server acts only if N still holds.
      Object.assign(document.createElement('input'), { type: 'hidden', name: 'expected', value: String(count) }),
    ]
    hidden.forEach((h) => form.appendChild(h))
    form.requestSubmit()
    hidden.forEach((h) => h.remove())
  }
  return (
    <ConfirmButton
      name="intent"
      value={intent}
      variant={variant}
      pending={busy}
      disabled={hydrated && count === 0}
      confirm={
        confirm && {
          title: confirm.title,
          action: confirm.action,
          body: confirm.body(count),
          items: confirm.itemsLabel ? { label: confirm.itemsLabel, names, total: count } : undefined,
        }
      }
      dialogId={`${formId}-${intent}`}
      dialogVariant={variant === 'danger' ? 'danger' : 'primary'}
      onConfirm={submitConfirmed}
    >
      {children}
    </ConfirmButton>
  )
}

/** The hidden word "Select" that each row's checkbox is labelled by, before the row's name (once a table). */
export function SelectWord({ formId }: { formId: string }) {
  const { t } = useTranslation()
  return (
    <span id={selectWordId(formId)} hidden>
      {t('bulk.select')}
    </span>
  )
}
