import { useEffect, useState } from 'react'

/** False while the server's HTML is shown, true once React runs in the browser. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
