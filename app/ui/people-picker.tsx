import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PersonChoice } from '~/services/members/people-search.server'
import { Button } from './button'
import { FieldErrors, inputClass } from './field'
import { useHydrated } from './use-hydrated'

/** Milliseconds of quiet typing before the picker searches. */
const SEARCH_DELAY = 250

/** The name of the search field, and the value of its button (`find`), of the picker named `name`. */
export const pickerQueryField = (name: string) => `find-${name}`

/**
 * The search a form without JavaScript asks for, or null for an ordinary submit. A picker's
 * Search button is its form's first submit button, so Enter in any field sends `find` too: the
 * search is the named picker's when its field has text, else the first picker's with text, and
 * with no text in any search field the form is simply submitted.
 */
export function pickerSearchOf(form: FormData): { name: string; query: string } | null {
  const find = form.get('find')
  if (typeof find !== 'string') return null
  const query = (name: string) => String(form.get(pickerQueryField(name)) ?? '').trim()
  if (query(find)) return { name: find, query: query(find) }
  for (const key of form.keys()) {
    const name = key.startsWith('find-') ? key.slice('find-'.length) : ''
    if (name && query(name)) return { name, query: query(name) }
  }
  return null
}

export interface PeoplePickerProps {
  /** The field the chosen ids are sent as (one value per chosen person). */
  name: string
  /** The fieldset's legend. */
  label: string
  hint?: string
  /** Checkboxes (several people) or radio buttons (one person). */
  multiple?: boolean
  /** Where GET /people/search looks (`for` and `organizationId` or `groupId`); null: nowhere yet (no organization chosen). */
  scope: Record<string, string> | null
  /** The people the form holds: shown chosen. */
  chosen: PersonChoice[]
  /** Without JavaScript: the server's answer to this picker's search (shown unchosen), and its text. */
  found?: PersonChoice[]
  query?: string
  /** The search text typed but not chosen when the form was sent (its `find-<name>` field): shown again, not lost. */
  typed?: string
  /** Shown beside each person, chosen or found (a role select); named per person by the caller. */
  extra?: (person: PersonChoice) => ReactNode
  errors?: string[]
}

/**
 * The people picker (docs/groups.md "The people picker"): choose people by name or email among
 * those the chooser may see (services/members/people-search.server.ts). What the form sends is always the
 * list of checkboxes (or radio buttons) named `name` whose values are user ids, so choosing and
 * anything beside a person (their role) are independent: the role shown is the role sent.
 * Without JavaScript: a search field whose button submits the whole form (`find=<name>`); the
 * server answers the form again, as it was, with the matches as unchosen boxes below it. With
 * JavaScript: a combobox (arrow keys, Enter, Escape) over GET /people/search adds the person to
 * the chosen list. Each person shows their email (masked for a chooser who may not see emails)
 * and organization role, so two people of the same name can be told apart.
 */
export function PeoplePicker({
  name,
  label,
  hint,
  multiple = false,
  scope,
  chosen,
  found = [],
  query,
  typed,
  extra,
  errors,
}: PeoplePickerProps) {
  const { t } = useTranslation()
  const id = useId()
  const hydrated = useHydrated()
  const chosenIds = new Set(chosen.map((p) => p._id))
  const [listed, setListed] = useState<PersonChoice[]>(() => [...chosen, ...found.filter((p) => !chosenIds.has(p._id))])
  const [checked, setChecked] = useState<Set<string>>(() => chosenIds)
  const [announce, setAnnounce] = useState('')
  const type = multiple ? 'checkbox' : 'radio'
  const errorId = `${id}-error`
  const hintId = `${id}-hint`

  const toggle = (person: PersonChoice, on: boolean) =>
    setChecked((was) => {
      if (!multiple) return new Set(on ? [person._id] : [])
      const next = new Set(was)
      if (on) next.add(person._id)
      else next.delete(person._id)
      return next
    })

  const pick = (person: PersonChoice) => {
    setListed((was) => (was.some((p) => p._id === person._id) ? was : [...was, person]))
    toggle(person, true)
    setAnnounce(t('peoplePicker.chosen', { name: person.name }))
  }

  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-base font-semibold text-slate-900">{label}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {listed.length ? (
        <ul className="flex flex-col gap-1" aria-label={t('peoplePicker.listLabel', { label })}>
          {listed.map((person) => (
            <li
              key={person._id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-white px-2 py-1 ring-1 ring-slate-200"
            >
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <input
                  type={type}
                  name={name}
                  value={person._id}
                  checked={checked.has(person._id)}
                  onChange={(e) => toggle(person, e.target.checked)}
                />
                <PersonLine person={person} />
              </label>
              {extra ? extra(person) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {hydrated ? (
        <PeopleCombobox
          name={name}
          typed={query ?? typed}
          label={label}
          scope={scope}
          exclude={checked}
          onPick={pick}
          onAnnounce={setAnnounce}
        />
      ) : (
        <NoScriptSearch name={name} label={label} query={query ?? typed} found={found.length} searched={query !== undefined} />
      )}
      {errors?.length ? <FieldErrors id={errorId} errors={errors} /> : null}
      {/* One live region per picker, with JavaScript only: the matches found, the person chosen. */}
      {hydrated ? (
        <p role="status" aria-live="polite" className="sr-only">
          {announce}
        </p>
      ) : null}
    </fieldset>
  )
}

/** A person as one line: the name, then what tells them apart (email, organization role). */
export function PersonLine({ person }: { person: PersonChoice }) {
  const { t } = useTranslation()
  return (
    <span className="min-w-0">
      <span className="font-medium text-slate-900">{person.name}</span>{' '}
      <span className="text-sm text-slate-600">
        <span className="break-all">{person.email}</span>
        {person.emailMasked ? <span className="sr-only"> {t('peoplePicker.masked')}</span> : null} ·{' '}
        {t(`peoplePicker.orgRole.${person.orgRole}`)}
      </span>
    </span>
  )
}

/** Without JavaScript: the search field and its button, which sends the whole form back to be shown with the matches. */
function NoScriptSearch({
  name,
  label,
  query,
  found,
  searched,
}: {
  name: string
  label: string
  query?: string
  found: number
  searched: boolean
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('peoplePicker.search', { label })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          type="search"
          name={pickerQueryField(name)}
          defaultValue={query}
          autoComplete="off"
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="secondary" name="find" value={name} formNoValidate>
          {t('peoplePicker.searchButton')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {searched ? (found ? t('peoplePicker.foundNoScript', { count: found }) : t('peoplePicker.none')) : t('peoplePicker.hintNoScript')}
      </p>
    </div>
  )
}

/** With JavaScript: a combobox over GET /people/search; Enter or a click chooses. */
function PeopleCombobox({
  name,
  typed,
  label,
  scope,
  exclude,
  onPick,
  onAnnounce,
}: {
  name: string
  typed?: string
  label: string
  scope: Record<string, string> | null
  exclude: Set<string>
  onPick: (person: PersonChoice) => void
  onAnnounce: (text: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const listId = `${id}-list`
  const fetcher = useFetcher<{ people?: PersonChoice[] }>()
  // Sent with the form as the picker's search field, so an answer of the server shows it again.
  const [q, setQ] = useState(typed ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const found = (fetcher.data?.people ?? []).filter((p) => !exclude.has(p._id))
  const failed = fetcher.state === 'idle' && fetcher.data !== undefined && !Array.isArray(fetcher.data.people)
  const scopeKey = scope ? new URLSearchParams(scope).toString() : ''

  // fetcher.load keeps its identity (the fetcher object does not): only a new search term or scope searches again.
  const load = fetcher.load
  useEffect(() => {
    if (!scopeKey || q.trim() === '') return
    const timer = setTimeout(() => load(`/people/search?${scopeKey}&${new URLSearchParams({ q: q.trim() })}`), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [q, scopeKey, load])

  // Announced once per answer of the search, not again when the list opens or the parent renders.
  useEffect(() => {
    if (fetcher.state !== 'idle' || !open) return
    setActive(0)
    onAnnounce(
      failed ? t('peoplePicker.failed') : found.length ? t('peoplePicker.results', { count: found.length }) : t('peoplePicker.none'),
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer (see above)
  }, [fetcher.state, fetcher.data])

  const pick = (person: PersonChoice) => {
    onPick(person)
    setQ('')
    setOpen(false)
    inputRef.current?.focus()
  }

  const showList = open && q.trim() !== '' && fetcher.state === 'idle' && found.length > 0
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && found.length) {
      event.preventDefault()
      if (!showList) setOpen(true)
      else setActive((i) => (i + 1) % found.length)
    } else if (event.key === 'ArrowUp' && found.length) {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (i - 1 + found.length) % found.length)
    } else if (event.key === 'Enter') {
      // Enter chooses; it never submits the whole form from here.
      event.preventDefault()
      if (showList && found[active]) pick(found[active])
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault()
      setOpen(false)
    }
  }

  // Said on the page too, not only to screen readers: no match, or the search failed.
  const nothing = open && q.trim() !== '' && fetcher.state === 'idle' && fetcher.data !== undefined && found.length === 0
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-800">
        {t('peoplePicker.search', { label })}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        name={pickerQueryField(name)}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && found[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        disabled={!scope}
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
        aria-label={t('peoplePicker.search', { label })}
        hidden={!showList}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-300"
      >
        {/* The keys are the combobox input's (aria-activedescendant): an option takes the mouse's click only. */}
        {found.map((person, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input handles the keys, see above
          <li
            key={person._id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(person)}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
          >
            <PersonLine person={person} />
          </li>
        ))}
      </ul>
      {nothing ? (
        <p className={`mt-1 text-sm ${failed ? 'text-red-700' : 'text-slate-700'}`}>
          {t(failed ? 'peoplePicker.failed' : 'peoplePicker.none')}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {scope ? t('peoplePicker.hint') : t('peoplePicker.chooseOrganizationFirst')}
      </p>
    </div>
  )
}
