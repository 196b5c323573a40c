import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ENTITY_KINDS } from '~/services/library/packages.constants'
import type { PackageEntity, PackageRole } from '~/services/library/types'
import { translatedTemplate } from '~/i18n/template'
import { LinkedText } from '~/ui/library/linked-text'

/** Where a role's tasks open: the view with `?role=`, scrolled to the role. */
const roleHref = (roleId: string) => `?role=${encodeURIComponent(roleId)}#role-${roleId}`

/**
 * The package's roles in order, each with its task count. A small package shows every role's
 * tasks; a large one one role's at a time (the loader's `TasksOf`), the others a link that opens
 * theirs, so a page stays small on a slow device, with or without JavaScript.
 */
export function RolesSection({ roles }: { roles: PackageRole[] }) {
  const { t } = useTranslation()
  // Translated once per page, not once per task: a role may list hundreds.
  const labels = {
    kinds: Object.fromEntries(ENTITY_KINDS.map((k) => [k, t(`library.kinds.${k}`)])) as Record<string, string>,
    day: translatedTemplate(t, 'library.view.day', ['day']),
    noTasks: t('library.view.noTasks'),
  }
  const oneAtATime = roles.some((r) => !r.tasksLoaded)
  return (
    <section aria-labelledby="package-roles" className="flex flex-col gap-3">
      <h2 id="package-roles" className="text-lg font-semibold">
        {t('library.view.roles')}
      </h2>
      {roles.length === 0 ? <p className="text-slate-700">{t('library.view.noRoles')}</p> : null}
      {oneAtATime ? <p className="text-sm text-slate-700">{t('library.view.oneRoleAtATime')}</p> : null}
      {roles.map((role) => (
        <article
          key={role.id}
          id={`role-${role.id}`}
          aria-labelledby={`role-${role.id}-name`}
          className="scroll-mt-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 id={`role-${role.id}-name`} className="font-semibold">
              {role.name}
            </h3>
            <span className="text-sm text-slate-600">{t('library.view.taskCount', { count: role.taskCount })}</span>
          </div>
          {role.description ? <LinkedText text={role.description} className="mb-2 text-sm text-slate-700" /> : null}
          {role.taskCount === 0 ? (
            <p className="text-sm text-slate-600">{labels.noTasks}</p>
          ) : role.tasksLoaded ? (
            <ol className="mt-2 flex flex-col gap-2">
              {role.entities.map((task) => (
                <TaskItem key={task.id} task={task} labels={labels} />
              ))}
            </ol>
          ) : (
            <Link to={roleHref(role.id)} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
              {t('library.view.showTasks', { role: role.name, count: role.taskCount })}
            </Link>
          )}
        </article>
      ))}
    </section>
  )
}

function TaskItem({
  task,
  labels,
}: {
  task: PackageEntity
  labels: { kinds: Record<string, string>; day: (values: { day: number }) => string }
}) {
  return (
    <li className="border-l-2 border-brand-200 pl-3">
      <p className="font-medium">
        {task.title}{' '}
        <span className="text-xs font-normal text-slate-600">
          {labels.kinds[task.kind]}
          {task.dayOffset !== null ? ` · ${labels.day({ day: task.dayOffset })}` : ''}
        </span>
      </p>
      {task.instructions ? <LinkedText text={task.instructions} className="text-sm text-slate-700" /> : null}
    </li>
  )
}
