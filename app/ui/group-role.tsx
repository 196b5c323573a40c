import type { i18n as I18n, TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { GroupRole } from '~/db/schema'
import type { RoleFlag } from '~/services/groups/group-roles'

/**
 * A group role's flags (spec section 6) as icons with tooltips: in the side menu beside each of
 * the user's groups (GroupRoleIcons), and on /groups and a group's home with the role's name
 * (GroupRoleBadge). Which flags a role has is the role table's (`roleFlagsOf` in
 * services/groups/group-roles.ts; the side menu's loader sends them, the group screens call it). A
 * role's icons are one element drawn by the stylesheet (`.role-flags-<role>`, app/styles/app.css,
 * checked against the table by group-role.test.ts), so a page carries no SVG for them; the labels
 * are translated once per language (useRoleLabels), not per row, and a list describes each role
 * once (RoleDescriptions; docs/testing.md "Benchmark": at most 800 elements a page).
 */

/**
 * The role table's flags and roles (ROLE_FLAGS, GROUP_ROLES in services/groups/group-roles.ts), spelled
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

/**
 * A role's flags as one element (hidden from screen readers: the text beside it names them): the
 * stylesheet draws each flag's icon as one layer of a mask (`.role-flags-<role>`, app/styles/app.css),
 * so a row carries one element for its icons, not one per flag. `title` is its tooltip.
 */
function FlagIcons({ role, className, title }: { role: GroupRole; className: string; title?: string }) {
  return <span aria-hidden className={`role-flags role-flags-${role} ${className}`} title={title} />
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

/**
 * The side menu's: a group link's role and flags. The icons are the link's own `::after`
 * (`role-flags-after role-flags-<role>` on the link, app/styles/app.css), no element of their own;
 * the text, hidden but for screen readers, is in the link's name and its tooltip (`title`).
 */
export function groupRoleText(role: GroupRole, flags: readonly RoleFlag[], labels: RoleLabels): string {
  return `(${[labels.role[role], ...flags.map((flag) => labels.flag[flag])].join(', ')})`
}

/** The id of a role's description among those of `RoleDescriptions` with this prefix. */
export const roleDescriptionId = (prefix: string, role: GroupRole) => `${prefix}role-${role}`

/**
 * One description per role (its permissions), hidden, for the badges of a list to refer to with
 * aria-describedby: a list of 50 members carries four descriptions, not fifty. Render it once
 * beside the badges, with the prefix they are given (`useId()` of the list).
 */
export function RoleDescriptions({
  idPrefix,
  labels,
  flagsOf,
}: {
  idPrefix: string
  labels: RoleLabels
  flagsOf: (role: GroupRole) => readonly RoleFlag[]
}) {
  return (
    <div hidden>
      {ROLES.map((role) => (
        <span key={role} id={roleDescriptionId(idPrefix, role)}>
          {`${labels.permissions}: ${flagsOf(role)
            .map((flag) => labels.flag[flag])
            .join(', ')}`}
        </span>
      ))}
    </div>
  )
}

/**
 * A member's role on /groups and a group's home: its name and its flags' icons, with a tooltip
 * naming the flags on hover and on keyboard focus (drawn by the stylesheet from `data-tip`,
 * `.role-badge`, not exposed to screen readers), and the role's description (`RoleDescriptions`,
 * `descriptionsId` its prefix) as the badge's description for screen readers. Two elements a row.
 */
export function GroupRoleBadge({ role, flags, labels, descriptionsId }: RoleProps & { descriptionsId: string }) {
  return (
    <span
      className="role-badge font-medium"
      // Focusable so that the keyboard shows its tooltip as the mouse does (WCAG 1.4.13).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      aria-describedby={roleDescriptionId(descriptionsId, role)}
      data-tip={flags.map((flag) => labels.flag[flag]).join('\n')}
    >
      {labels.role[role]}
      <FlagIcons role={role} className="text-brand-700" />
    </span>
  )
}
