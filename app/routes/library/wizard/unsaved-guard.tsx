import { useBeforeUnload, useBlocker } from '@remix-run/react'
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react'

const UnsavedDialog = lazy(() => import('./unsaved-dialog'))

/**
 * With JavaScript, a step's form that holds typing not saved yet asks before it is lost: leaving
 * for another page of the app (a link, Back) opens "Leave without saving?", closing or reloading
 * the tab gets the browser's own question. Sending the form (Save, Next, a role tab, a step of
 * the indicator) saves, so it never asks. Without JavaScript each of those buttons saves.
 * Keyed by the location by its caller: a saved step starts clean; a step the server sent back
 * (`sentBack`: refused, or a list edit not saved yet) holds unsaved typing.
 */
export function UnsavedChangesGuard({ formId, sentBack }: { formId: string; sentBack: boolean }) {
  const dirty = useRef(false)
  useEffect(() => {
    if (sentBack) dirty.current = true
  }, [sentBack])
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!form) return
    const changed = () => {
      dirty.current = true
    }
    const sent = () => {
      dirty.current = false
    }
    form.addEventListener('input', changed)
    form.addEventListener('submit', sent, true)
    return () => {
      form.removeEventListener('input', changed)
      form.removeEventListener('submit', sent, true)
    }
  }, [formId])
  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (!dirty.current) return
      event.preventDefault()
      event.returnValue = ''
    }, []),
  )
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  )
  const stay = useCallback(() => blocker.reset?.(), [blocker])
  if (blocker.state !== 'blocked') return null
  return (
    <Suspense fallback={null}>
      <UnsavedDialog
        onStay={stay}
        onLeave={() => {
          dirty.current = false
          blocker.proceed()
        }}
      />
    </Suspense>
  )
}
