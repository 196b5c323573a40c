import type { i18n as I18n, TFunction } from 'i18next'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupRole } from '~/db/schema'
import type { RoleFlag } from '~/services/group-roles'

/**
 * A group role's flags (spec section 6) as icons with tooltips: in the side menu beside each of
 * the user's groups (GroupRoleIcons), and on /groups and a group's home with the role's name
 * (GroupRoleBadge). Which flags a role has is the role table's (`roleFlagsOf` in
 * services/group-roles.ts; the side menu's loader sends them, the group screens call it). The icons
 * are drawn once per page (RoleFlagSprite, rendered by the side menu, which every signed-in page
 * has) and each use is `<svg><use href="#…"/></svg>`; the labels are translated once per language
 * (useRoleLabels), not per row.
 */

/** 24-unit outline paths, one per flag: no icon font, no emoji. */
const ICON_PATHS: Record<RoleFlag, string> = {
  owner: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  viewOthers: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  tasks: 'M4 20h4L19 9l-4-4L4 16v4zm9-13l4 4',
  subscriber: 'M6 8a6 6 0 1112 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a2 2 0 003.4 0',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
}

const FLAGS = Object.keys(ICON_PATHS) as RoleFlag[]
const ROLES: readonly GroupRole[] = ['owner', 'leader', 'member', 'subscriber']

const symbolId = (flag: RoleFlag) => `role-flag-${flag}`

/** The flags' icons as <symbol>s: rendered once per page, before any use of them. */
export function RoleFlagSprite() {
  return (
    <svg aria-hidden className="absolute size-0 overflow-hidden">
      {FLAGS.map((flag) => (
        <symbol key={flag} id={symbolId(flag)} viewBox="0 0 24 24">
          <path d={ICON_PATHS[flag]} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
        </symbol>
      ))}
    </svg>
  )
}

/** One flag's icon, a use of its symbol (hidden from screen readers); `title` is its tooltip. */
function FlagIcon({ flag, className, title }: { flag: RoleFlag; className: string; title?: string }) {
  return (
    <svg aria-hidden className={className} data-role-flag={flag}>
      {title ? <title>{title}</title> : null}
      <use href={`#${symbolId(flag)}`} />
    </svg>
  )
}

/** The roles' names and the flags' labels in one language. */
export interface RoleLabels {
  permissions: string
  role: Record<GroupRole, string>
  flag: Record<RoleFlag, string>
}

const roleLabels = (t: TFunction): RoleLabels => ({
  permissions: t('roleFlags.permissions'),
  role: Object.fromEntries(ROLES.map((role) => [role, t(`roleFlags.role.${role}`)])) as RoleLabels['role'],
  flag: Object.fromEntries(FLAGS.map((flag) => [flag, t(`roleFlags.${flag}`)])) as RoleLabels['flag'],
})

/** Labels per i18next instance (the server has one per locale) and language: translated once, not per page or row. */
const labelCache = new WeakMap<I18n, { language: string; labels: RoleLabels }>()

/** The roles' labels in the page's language; call it once in the list and pass them to each row. */
export function useRoleLabels(): RoleLabels {
  const { t, i18n } = useTranslation()
  const cached = labelCache.get(i18n)
  if (cached && cached.language === i18n.language) return cached.labels
  const labels = roleLabels(t)
  labelCache.set(i18n, { language: i18n.language, labels })
  return labels
}

interface RoleProps {
  role: GroupRole
  /** The role's flags, `roleFlagsOf(role)`. */
  flags: readonly RoleFlag[]
  labels: RoleLabels
}

/** The side menu's: a role's flags as icons, each with its tooltip; a screen reader hears the role and its flags. */
export function GroupRoleIcons({ role, flags, labels }: RoleProps) {
  return (
    <span className="flex shrink-0 items-center gap-0.5 text-xs text-brand-700">
      {flags.map((flag) => (
        <FlagIcon key={flag} flag={flag} title={labels.flag[flag]} className="size-3.5 cursor-help" />
      ))}
      <span className="sr-only">({[labels.role[role], ...flags.map((flag) => labels.flag[flag])].join(', ')})</span>
    </span>
  )
}

/**
 * A member's role on /groups and a group's home: its name and its flags' icons, with a tooltip
 * naming the flags (on hover and on keyboard focus; screen readers get it as the description).
 */
export function GroupRoleBadge({ role, flags, labels }: RoleProps) {
  const tipId = useId()
  return (
    <span
      className="group relative inline-flex items-center gap-1.5 rounded-md outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      aria-describedby={tipId}
    >
      <span className="font-medium">{labels.role[role]}</span>
      <span className="inline-flex items-center gap-0.5 text-brand-700">
        {flags.map((flag) => (
          <FlagIcon key={flag} flag={flag} className="size-4" />
        ))}
      </span>
      <span
        role="tooltip"
        id={tipId}
        className="invisible absolute top-full left-0 z-20 mt-1 w-64 rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal text-white shadow-lg group-hover:visible group-focus:visible"
      >
        <span className="sr-only">{labels.permissions}: </span>
        {flags.map((flag) => (
          <span key={flag} className="block">
            {labels.flag[flag]}
          </span>
        ))}
      </span>
    </span>
  )
}
