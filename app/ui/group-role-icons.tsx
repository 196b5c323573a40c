import { useTranslation } from 'react-i18next'
import type { MyRole } from '~/services/group-roles'

/**
 * The role flags of spec section 6, each an icon with a tooltip: owner; sees others' loops;
 * creates or edits tasks and tags; subscriber (follows members); sends free loops or reports.
 * Which flags a role has comes from the role table (services/group-roles.ts) as `my_role`.
 */
export function roleFlags(role: MyRole) {
  return [
    { flag: 'owner', on: role.isOwner },
    { flag: 'viewOthers', on: role.permissions['reports.view_others'] },
    { flag: 'tasks', on: role.permissions['tasks.create'] || role.permissions['tasks.edit'] },
    { flag: 'subscriber', on: role.isSubscriber },
    { flag: 'send', on: role.permissions['reports.send'] },
  ].filter((f) => f.on)
}

/** 16 × 16 outline icons (paths on a 24-unit grid), one per flag: no icon font, no emoji. */
const ICONS: Record<string, string> = {
  owner: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  viewOthers: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  tasks: 'M4 20h4L19 9l-4-4L4 16v4zm9-13l4 4',
  subscriber: 'M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a2 2 0 003.4 0',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
}

function FlagIcon({ flag }: { flag: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d={ICONS[flag]} />
    </svg>
  )
}

/** The icons of a role's flags with their tooltips; a screen reader hears the role and its flags. */
export function GroupRoleIcons({ role }: { role: MyRole }) {
  const { t } = useTranslation()
  const flags = roleFlags(role)
  return (
    <span className="flex shrink-0 items-center gap-0.5 text-xs text-brand-700">
      {flags.map((f) => (
        <span key={f.flag} aria-hidden title={t(`roleFlags.${f.flag}`)} data-role-flag={f.flag} className="cursor-help">
          <FlagIcon flag={f.flag} />
        </span>
      ))}
      <span className="sr-only">
        ({[t(`roleFlags.role.${role.name}`), ...flags.map((f) => t(`roleFlags.${f.flag}`))].join(', ')})
      </span>
    </span>
  )
}
