import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { CurrentUserSummary } from '~/ui/root-data'
import { DisclosureMenu } from '../disclosure-menu'
import { BUILT_SCREENS } from './screens'

type User = CurrentUserSummary

function Avatar({ user }: { user: User }) {
  if (user.profilePic) return <img src={user.profilePic} alt="" className="size-8 rounded-full object-cover" />
  const initials = user.name
    .split(/\s+/)
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
    .toUpperCase()
  return (
    <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
      {initials}
    </span>
  )
}

const itemClass = 'block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100'

/**
 * The profile picture menu: profile, preferences, library invitations, invitation code, and a
 * sign-out button.
 */
export function ProfileMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const links = [
    ...(BUILT_SCREENS.profile
      ? [
          { to: `/users/${user.id}`, label: t('profileMenu.profile') },
          { to: `/users/${user.id}/preferences/account`, label: t('profileMenu.preferences') },
        ]
      : []),
    ...(BUILT_SCREENS.library ? [{ to: `/library/invitations/${user.id}`, label: t('profileMenu.libraryInvitations') }] : []),
    { to: '/invitation-code', label: t('profileMenu.invitationCode') },
    ...(user.isPlatformAdmin ? [{ to: '/platform/organizations', label: t('profileMenu.platform') }] : []),
  ]
  return (
    <DisclosureMenu
      label={t('profileMenu.open', { name: user.name })}
      summary={
        <>
          <Avatar user={user} />
          <span className="hidden text-sm font-medium sm:inline">{user.name}</span>
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
            <Link to={l.to} className={itemClass}>
              {l.label}
            </Link>
          </li>
        ))}
        <li>
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
