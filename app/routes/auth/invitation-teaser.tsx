import { useTranslation } from 'react-i18next'
import type { InvitationTeaser as Teaser } from '~/services/invitations/invitation-teaser.server'

/**
 * On the sign-in and sign-up pages an invitation link led to: what the invitation is to and who
 * sent it, and what comes next (issue 35). Nothing when the link names no live invitation.
 */
export function InvitationTeaser({ teaser, page }: { teaser: Teaser | null; page: 'signin' | 'signup' }) {
  const { t } = useTranslation()
  if (!teaser) return null
  const title =
    teaser.kind === 'package'
      ? t('invitationTeaser.packageTitle', { name: teaser.name })
      : t(`invitationTeaser.title.${teaser.kind}`, { organization: teaser.organization, group: teaser.group ?? '' })
  return (
    <section
      aria-labelledby="invitation-teaser-title"
      className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-slate-800 ring-1 ring-brand-100"
    >
      <h2 id="invitation-teaser-title" className="font-semibold">
        {title}
      </h2>
      {teaser.from ? (
        <p>{t(teaser.kind === 'package' ? 'invitationTeaser.sharedBy' : 'invitationTeaser.invitedBy', { name: teaser.from })}</p>
      ) : null}
      <p className="mt-1">{t(page === 'signin' ? 'invitationTeaser.nextSignIn' : 'invitationTeaser.nextSignUp')}</p>
    </section>
  )
}
