import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { MEMBER_ROLES, type MemberRole } from '~/services/groups.constants'
import { Button } from '~/ui/button'
import { inputClass } from '~/ui/field'

type Found = { _id: string; name: string; email: string }

/** Milliseconds of quiet typing before the picker searches. */
const SEARCH_DELAY = 250

/**
 * The searchable member picker (JavaScript only): a combobox over GET /create/members. Picking a
 * member (Enter, or a click) adds a line "email, role" to the members textarea, which stays the
 * one thing the form sends, so the picker and the lines typed by hand work the same way.
 */
export function MemberPicker({ organizationId, onPick }: { organizationId: string; onPick: (email: string, role: string) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const listId = `${id}-list`
  const fetcher = useFetcher<{ members?: Found[] }>()
  const [q, setQ] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [role, setRole] = useState<MemberRole>('member')
  const [announce, setAnnounce] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const found = fetcher.data?.members ?? []
  const failed = fetcher.state === 'idle' && fetcher.data !== undefined && !Array.isArray(fetcher.data.members)

  useEffect(() => {
    if (!organizationId || q.trim() === '') return
    const timer = setTimeout(() => {
      fetcher.load(`/create/members?${new URLSearchParams({ organizationId, q: q.trim() })}`)
    }, SEARCH_DELAY)
    return () => clearTimeout(timer)
    // fetcher is stable enough: only a new search term or organization searches again.
  }, [q, organizationId])

  useEffect(() => {
    if (fetcher.state !== 'idle' || !open) return
    setActive(0)
    setAnnounce(
      failed
        ? t('createGroup.picker.failed')
        : found.length
        ? t('createGroup.picker.results', { count: found.length })
        : t('createGroup.picker.none'),
    )
  }, [fetcher.state, fetcher.data])

  const pick = (member: Found) => {
    const roleWord = t(`createGroup.role.${role}`)
    onPick(member.email, roleWord.toLowerCase())
    setAnnounce(t('createGroup.picker.added', { name: member.name, role: roleWord }))
    setQ('')
    setOpen(false)
    inputRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && found.length) {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (i + 1) % found.length)
    } else if (event.key === 'ArrowUp' && found.length) {
      event.preventDefault()
      setActive((i) => (i - 1 + found.length) % found.length)
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits the whole form from here.
      event.preventDefault()
      if (open && found[active]) pick(found[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const showList = open && q.trim() !== '' && fetcher.state === 'idle' && found.length > 0
  // Said on the page too, not only to screen readers: no match, or the search failed.
  const nothing = open && q.trim() !== '' && fetcher.state === 'idle' && fetcher.data !== undefined && found.length === 0
  return (
    <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('createGroup.picker.label')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && found[active] ? `${id}-option-${active}` : undefined}
            aria-describedby={`${id}-hint`}
            disabled={!organizationId}
            value={q}
            onChange={(e) => {
              setQ(e.target.value)
              setOpen(true)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            className={inputClass}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('createGroup.picker.label')}
            hidden={!showList}
            className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-300"
          >
            {found.map((m, i) => (
              <li
                key={m._id}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(m)}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
              >
                <span className="font-medium">{m.name}</span> <span className="text-slate-600">{m.email}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium text-slate-800">
            {t('createGroup.picker.role')}
          </label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as MemberRole)} className={inputClass}>
            {MEMBER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`createGroup.role.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="secondary" disabled={!showList} onClick={() => found[active] && pick(found[active])}>
          {t('createGroup.picker.add')}
        </Button>
      </div>
      {nothing ? (
        <p className={`mt-1 text-sm ${failed ? 'text-red-700' : 'text-slate-700'}`}>
          {t(failed ? 'createGroup.picker.failed' : 'createGroup.picker.none')}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {organizationId ? t('createGroup.picker.hint') : t('createGroup.picker.chooseOrganizationFirst')}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
    </div>
  )
}
