import type { i18n as I18n, TFunction } from 'i18next'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupRole } from '~/db/schema'
import type { RoleFlag } from '~/services/group-roles'

/**
 * A group role's flags (spec section 6) as icons with tooltips: in the side menu beside each of
 * the user's groups (GroupRoleIcons), and on /groups and a group's home with the role's name
 * (GroupRoleBadge). Which flags a role has is the role table's (`roleFlagsOf` in
 * services/group-roles.ts; the side menu's loader sends them, the group screens call it). Each
 * icon is one element drawn by the stylesheet (`.role-flag-<flag>`, app/styles/app.css), so a
 * page carries no SVG for them; the labels are translated once per language (useRoleLabels),
 * not per row.
 */

/**
 * The role table's flags and roles (ROLE_FLAGS, GROUP_ROLES in services/group-roles.ts), spelled
 * here so the layout's chunk, on every page, does not carry the whole table (0.3 kB gzip); the
 * types below fail the build if the two ever differ.
 */
const FLAGS = ['owner', 'viewOthers', 'tasks', 'subscriber', 'send'] as const satisfies readonly RoleFlag[]
const ROLES = ['owner', 'leader', 'member', 'subscriber'] as const satisfies readonly GroupRole[]
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const everyFlag: Same<RoleFlag, (typeof FLAGS)[number]> = true
const everyRole: Same<GroupRole, (typeof ROLES)[number]> = true
void everyFlag
void everyRole

/** One flag's icon (hidden from screen readers: the text beside it names the flags); `title` is its tooltip. */
function FlagIcon({ flag, className, title }: { flag: RoleFlag; className: string; title?: string }) {
  return <span aria-hidden className={`role-flag role-flag-${flag} ${className}`} title={title} />
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
