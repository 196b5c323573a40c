import { useSubmit } from '@remix-run/react'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'
import { opValue } from './list-ops'

const smallButton =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-white'

/**
 * One ordered list of the wizard (the roles, or the tasks of a role): a fieldset per item with
 * its fields, and Move up / Move down / Remove submit buttons (`op`, see list-ops.ts), then Add.
 * Everything posts the whole form, so what was typed elsewhere is kept. With JavaScript an item
 * can also be dragged by its handle (native drag and drop); dropping posts the same `move` op.
 */
export function OrderedListEditor<T>({
  list,
  items,
  keyOf,
  legendOf,
  renderItem,
  addLabel,
  empty,
  max,
}: {
  /** The list's name in the ops. */
  list: string
  items: T[]
  keyOf: (item: T, index: number) => string
  legendOf: (index: number) => string
  renderItem: (item: T, index: number) => ReactNode
  addLabel: string
  empty: string
  max: number
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  // The item being dragged: a ref for the drag events (they may come before React re-renders),
  // state for the look.
  const draggingRef = useRef<number | null>(null)
  const [dragging, setDraggingState] = useState<number | null>(null)
  const setDragging = (index: number | null) => {
    draggingRef.current = index
    setDraggingState(index)
  }
  const [over, setOver] = useState<number | null>(null)

  const drop = (target: HTMLElement, to: number) => {
    const from = draggingRef.current
    setDragging(null)
    setOver(null)
    const form = target.closest('form')
    if (from === null || from === to || !form) return
    const body = new FormData(form)
    body.set('op', opValue.move(list, from, to))
    submit(body, { method: 'post', preventScrollReset: true })
  }

  return (
    <div>
      {hydrated && items.length > 1 ? <p className="mb-2 text-sm text-slate-600">{t('library.wizard.list.dragHint')}</p> : null}
      {items.length === 0 ? <p className="mb-3 text-slate-700">{empty}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const key = keyOf(item, index)
          const legendId = `${list}-${key}-legend`
          return (
            <li
              key={key}
              id={`${list}-${key}`}
              className={`rounded-lg bg-white p-4 shadow-sm ring-1 ${
                over === index && dragging !== null ? 'ring-2 ring-brand-600' : 'ring-slate-200'
              } ${dragging === index ? 'opacity-50' : ''}`}
              onDragOver={(e) => {
                if (draggingRef.current === null) return
                e.preventDefault()
                setOver(index)
              }}
              onDrop={(e) => {
                e.preventDefault()
                drop(e.currentTarget, index)
              }}
            >
              {/* Few elements an item (docs/testing.md "Benchmark": a role of 25 tasks in one page): the header's and the
                  body's parts are the fieldset's own children (`.wizard-item`: the header's on the first
                  line, each of the body's on a line of its own), the arrows the buttons' ::before. */}
              <fieldset aria-labelledby={legendId} className="wizard-item flex flex-wrap items-center gap-x-1 gap-y-3">
                {hydrated ? (
                  <span
                    draggable
                    title={t('library.wizard.list.drag')}
                    aria-hidden
                    className="item-head cursor-grab select-none rounded px-1 text-lg leading-none text-slate-500 hover:bg-slate-100"
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move'
                      e.dataTransfer.setData('text/plain', String(index))
                      setDragging(index)
                    }}
                    onDragEnd={() => {
                      setDragging(null)
                      setOver(null)
                    }}
                  >
                    ⠿
                  </span>
                ) : null}
                <span id={legendId} className="item-head grow pr-1 font-semibold">
                  {legendOf(index)}
                </span>
                <button
                  type="submit"
                  formNoValidate
                  name="op"
                  value={opValue.move(list, index, index - 1)}
                  disabled={index === 0}
                  className={`${smallButton} item-head arrow-up`}
                >
                  {t('library.wizard.list.moveUp')}
                </button>
                <button
                  type="submit"
                  formNoValidate
                  name="op"
                  value={opValue.move(list, index, index + 1)}
                  disabled={index === items.length - 1}
                  className={`${smallButton} item-head arrow-down`}
                >
                  {t('library.wizard.list.moveDown')}
                </button>
                <button
                  type="submit"
                  formNoValidate
                  name="op"
                  value={opValue.remove(list, index)}
                  className={`${smallButton} item-head text-red-800`}
                >
                  {t('library.wizard.list.remove')}
                </button>
                {renderItem(item, index)}
              </fieldset>
            </li>
          )
        })}
      </ol>
      {items.length < max ? (
        <button type="submit" formNoValidate name="op" value={opValue.add(list)} className={`${buttonClass('secondary')} mt-3`}>
          + {addLabel}
        </button>
      ) : null}
    </div>
  )
}
