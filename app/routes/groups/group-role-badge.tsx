import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { GroupRole } from '~/db/schema'
import { GROUP_PERMISSIONS, rightsOf } from '~/services/group-roles'

/** The flags a role shows as icons (spec section 6): its permissions from the role table, subscriber, owner. */
export function roleFlags(role: GroupRole): string[] {
  const rights = rightsOf(role)
  return [
    ...(role === 'owner' ? ['owner'] : []),
    ...GROUP_PERMISSIONS.filter((p) => rights.permissions[p]),
    ...(rights.isSubscriber ? ['subscriber'] : []),
  ]
}

/** 16 px outline icons, one per flag. */
const ICON_PATHS: Record<string, string> = {
  owner: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  'reports.view_others': 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  'reports.send': 'M3 11l18-8-8 18-2-8z',
  'tasks.create': 'M12 5v14M5 12h14',
  'tasks.edit': 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  subscriber: 'M6 16V11a6 6 0 1112 0v5l2 2H4zm4 3a2 2 0 004 0',
}

/**
 * A member's role: its name and an icon per flag, with a tooltip naming the flags (on hover and
 * on keyboard focus; screen readers get it as the description). Used by /groups and a group's home.
 */
export function GroupRoleBadge({ role }: { role: GroupRole }) {
  const { t } = useTranslation()
  const tipId = useId()
  const flags = roleFlags(role)
  const labels = flags.map((f) => t(`groupRole.flag.${f}`))
  return (
    <span
      className="group relative inline-flex items-center gap-1.5 rounded-md outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      tabIndex={0}
      aria-describedby={tipId}
    >
      <span className="font-medium">{t(`groupRole.name.${role}`)}</span>
      <span className="inline-flex items-center gap-0.5 text-brand-700" aria-hidden>
        {flags.map((f) => (
          <svg
            key={f}
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <title>{t(`groupRole.flag.${f}`)}</title>
            <path d={ICON_PATHS[f]} />
          </svg>
        ))}
      </span>
      <span
        role="tooltip"
        id={tipId}
        className="invisible absolute top-full left-0 z-20 mt-1 w-64 rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal text-white shadow-lg group-hover:visible group-focus:visible"
      >
        <span className="sr-only">{t('groupRole.permissions')}: </span>
        {labels.map((label) => (
          <span key={label} className="block">
            {label}
          </span>
        ))}
      </span>
    </span>
  )
}
