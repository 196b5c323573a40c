import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SessionListItem } from '~/services/profile/profile.server'
import { useFormatters } from '~/ui/format'
import { PrefsSection, SaveButton } from '../prefs-section'

/**
 * The user's signed-in sessions (browser, system, how signed in, started, last seen; this one marked), "sign
 * out" for each other one and "sign out everywhere else".
 */
export function SessionsSection({ sessions }: { sessions: SessionListItem[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const others = sessions.filter((s) => !s.current).length
  const methodOf = (s: SessionListItem) => t(`profile.security.sessions.method.${s.method ?? 'unknown'}`, { provider: s.provider ?? '' })
  const deviceOf = (s: SessionListItem) =>
    [s.browser, s.os].filter(Boolean).join(t('profile.account.sessions.on')) || t('profile.account.sessions.unknownDevice')
  return (
    <PrefsSection id="prefs-sessions" title={t('profile.account.sessions.title')} intro={<p>{t('profile.account.sessions.intro')}</p>}>
      <ul className="mb-4 flex flex-col divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">
                {deviceOf(s)}
                {s.current ? (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    {t('profile.account.sessions.current')}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">{methodOf(s)}</p>
              <p className="text-sm text-slate-600">
                {t('profile.account.sessions.times', { created: dateTime(s.created), lastSeen: dateTime(s.lastSeen) })}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-session" />
                <input type="hidden" name="session" value={s.id} />
                <SaveButton intent="sign-out-session" variant="secondary">
                  {t('profile.security.sessions.signOut')}
                  <span className="sr-only">
                    {' '}
                    {t('profile.security.sessions.signOutWhich', { device: deviceOf(s), lastSeen: dateTime(s.lastSeen) })}
                  </span>
                </SaveButton>
              </Form>
            )}
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
