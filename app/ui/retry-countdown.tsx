import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatters } from './format'

/** "Try again at 14:05 (in 0:42)": the local time of retryAt, counted down once JavaScript runs. */
export function RetryCountdown({ retryAt, messageKey = 'errors.TOO_MANY_ATTEMPTS' }: { retryAt: string; messageKey?: string }) {
  const { t } = useTranslation()
  // Signed out, the server can only guess the zone: once JavaScript runs, the browser's is used.
  const [browserZone, setBrowserZone] = useState<string>()
  const { time } = useFormatters(browserZone)
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((new Date(retryAt).getTime() - Date.now()) / 1000)))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [retryAt])
  if (left === 0) return <p>{t('errors.retryNow')}</p>
  const countdown =
    left === null ? '' : ` (${t('errors.retryIn', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` })})`
  return (
    <p>
      {t(messageKey)} {t('errors.retryAt', { time: time(retryAt) })}
      <span aria-hidden={left === null}>{countdown}</span>
    </p>
  )
}
