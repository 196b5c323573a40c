import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { CurrentUserSummary } from '~/ui/root-data'
import { Avatar } from '../avatar'
import { DisclosureMenu } from '../disclosure-menu'
import { BUILT_SCREENS } from './screens'

type User = CurrentUserSummary

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
  ]
  return (
    <DisclosureMenu
      label={t('profileMenu.open', { name: user.name })}
      summary={
        <>
          <Avatar name={user.name} src={user.profilePic} />
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
