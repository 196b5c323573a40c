import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SessionListItem } from '~/services/profile.server'
import { useFormatters } from '~/ui/format'
import { PrefsSection, SaveButton } from '../prefs-section'

/** The user's signed-in sessions (browser, system, started, last seen) and "sign out everywhere else". */
export function SessionsSection({ sessions }: { sessions: SessionListItem[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const others = sessions.filter((s) => !s.current).length
  return (
    <PrefsSection id="prefs-sessions" title={t('profile.account.sessions.title')} intro={<p>{t('profile.account.sessions.intro')}</p>}>
      <ul className="mb-4 flex flex-col divide-y divide-slate-100">
        {sessions.map((s, i) => (
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="font-medium">
              {[s.browser, s.os].filter(Boolean).join(t('profile.account.sessions.on')) || t('profile.account.sessions.unknownDevice')}
              {s.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('profile.account.sessions.current')}</span> : null}
            </span>
            <span className="text-sm text-slate-600">
              {t('profile.account.sessions.times', { created: dateTime(s.created), lastSeen: dateTime(s.lastSeen) })}
            </span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <SaveButton intent="sign-out-others" variant="secondary">
            {t('profile.account.sessions.signOutOthers', { count: others })}
          </SaveButton>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t('profile.account.sessions.noOthers')}</p>
      )}
    </PrefsSection>
  )
}
