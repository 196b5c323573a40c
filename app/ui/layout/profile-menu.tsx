import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { CurrentUserSummary } from '~/ui/root-data'
import { AppLink } from '../app-link'
import { Avatar } from '../avatar'
import { DisclosureMenu } from '../disclosure-menu'
import { LanguageSwitch } from '../language-switch'
import { CountBadge } from './count-badge'
import { badgeText, inboxTotal, type HeaderCountsData } from './header-counts'
import { BUILT_SCREENS } from './screens'

type User = CurrentUserSummary

const itemClass = 'flex items-center px-4 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100'

/**
 * The profile picture menu: profile, preferences, the invitations inbox (with every pending
 * invitation), the library's invitations (with their count), the invitation code page, the language, and a sign-out button.
 * The language is saved as the user's preference (POST /locale); the page then reloads fully,
 * as the root does whenever the saved locale differs from the page's.
 */
export function ProfileMenu({ user, counts }: { user: User; counts: HeaderCountsData | null }) {
  const { t } = useTranslation()
  const library = counts?.libraryInvitations ?? 0
  const pending = inboxTotal(counts)
  const links = [
    ...(BUILT_SCREENS.profile
      ? [
          { to: `/users/${user.id}`, label: t('profileMenu.profile'), count: 0 },
          { to: `/users/${user.id}/preferences/account`, label: t('profileMenu.preferences'), count: 0 },
        ]
      : []),
    // The user's own loops across their groups (docs/group-work.md "My loops").
    ...(BUILT_SCREENS.groups ? [{ to: '/loops', label: t('profileMenu.myLoops'), count: 0 }] : []),
    // Every invitation waiting for an answer (the avatar's badge counts the same); the library's
    // on the library's own invitations page (spec: the header's /library/invitations/{id}, the
    // same list as the inbox's packages); a code from an email is typed in on its own page.
    { to: '/invitations', label: t('profileMenu.invitations'), count: pending },
    ...(BUILT_SCREENS.library
      ? [{ to: `/library/invitations/${user.id}`, label: t('profileMenu.libraryInvitations'), count: library }]
      : []),
    { to: '/invitation-code', label: t('profileMenu.invitationCode'), count: 0 },
    ...(user.isPlatformAdmin ? [{ to: '/platform/organizations', label: t('profileMenu.platform'), count: 0 }] : []),
  ]
  return (
    <DisclosureMenu
      label={`${t('profileMenu.open', { name: user.name })}${pending ? ` (${t('profileMenu.pending', { count: pending })})` : ''}`}
      summary={
        <>
          <Avatar name={user.name} src={user.profilePic} />
          <span className="hidden text-sm font-medium sm:inline">{user.name}</span>
          {pending ? (
            <span
              aria-hidden
              data-count-badge
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white"
            >
              {badgeText(pending)}
            </span>
          ) : null}
        </>
      }
    >
      <div className="border-b border-slate-100 px-4 py-2 text-sm">
        <p className="font-medium">{user.name}</p>
        <p className="truncate text-slate-600">{user.email}</p>
      </div>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <AppLink to={l.to} className={itemClass}>
              {l.label}
              <CountBadge count={l.count} label={t('profileMenu.pending', { count: l.count })} />
            </AppLink>
          </li>
        ))}
        <li className="border-t border-slate-100 px-4 py-2">
          <LanguageSwitch
            reloadDocument
            className="flex items-center gap-1"
            label={<span className="mr-auto text-sm text-slate-600">{t('common.language')}</span>}
          />
        </li>
        <li className="border-t border-slate-100">
          {/* A POST from our own origin: signing out is a change, never a link. */}
          <Form method="post" action="/signout">
            <button type="submit" className={`${itemClass} w-full text-left`}>
              {t('profileMenu.signout')}
            </button>
          </Form>
        </li>
      </ul>
    </DisclosureMenu>
  )
}
