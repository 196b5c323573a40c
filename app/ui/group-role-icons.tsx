import { useTranslation } from 'react-i18next'
import type { MyRole } from '~/services/group-roles'

/**
 * The role flags of spec section 6, each an icon with a tooltip: owner; sees others' loops;
 * creates or edits tasks and tags; subscriber (follows members); sends free loops or reports.
 * Which flags a role has comes from the role table (services/group-roles.ts) as `my_role`.
 */
export function roleFlags(role: MyRole) {
  return [
    { flag: 'owner', icon: '★', on: role.isOwner },
    { flag: 'viewOthers', icon: '👁', on: role.permissions['reports.view_others'] },
    { flag: 'tasks', icon: '✎', on: role.permissions['tasks.create'] || role.permissions['tasks.edit'] },
    { flag: 'subscriber', icon: '◉', on: role.isSubscriber },
    { flag: 'send', icon: '✉', on: role.permissions['reports.send'] },
  ].filter((f) => f.on)
}

/** The icons of a role's flags with their tooltips; a screen reader hears the role and its flags. */
export function GroupRoleIcons({ role }: { role: MyRole }) {
  const { t } = useTranslation()
  const flags = roleFlags(role)
  return (
    <span className="flex shrink-0 items-center gap-0.5 text-xs text-brand-700">
      {flags.map((f) => (
        <span key={f.flag} aria-hidden title={t(`roleFlags.${f.flag}`)} data-role-flag={f.flag} className="cursor-help">
          {f.icon}
        </span>
      ))}
      <span className="sr-only">
        ({[t(`roleFlags.role.${role.name}`), ...flags.map((f) => t(`roleFlags.${f.flag}`))].join(', ')})
      </span>
    </span>
  )
}
