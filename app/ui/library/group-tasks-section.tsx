import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberTasks } from '~/services/library/types'
import { LinkedText } from './linked-text'

/**
 * The group home's "Tasks" section (spec section 2, "/library"; ADR 009): the tasks the group got from a library package,
 * for the member's role (the owner sees every role's, headed by the package role). Renders
 * nothing for a group without tasks. Texts under `groupTasks` in common.json (the core area, so
 * the group home needs no area of its own). Instructions are plain text; web addresses in them
 * become links.
 */
export function GroupTasksSection({ memberTasks }: { memberTasks: MemberTasks | null }) {
  const { t } = useTranslation()
  if (!memberTasks || memberTasks.tasks.length === 0) return null
  const byRole = new Map<string, MemberTasks['tasks']>()
  for (const task of memberTasks.tasks) byRole.set(task.packageRoleName, [...(byRole.get(task.packageRoleName) ?? []), task])
  const showRoles = byRole.size > 1 || memberTasks.role === 'owner'
  return (
    <section aria-labelledby="group-tasks-title" className="max-w-3xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="group-tasks-title" className="text-lg font-semibold">
        {t('groupTasks.title')}
      </h2>
      <p className="text-sm text-slate-600">{t(memberTasks.role === 'owner' ? 'groupTasks.introOwner' : 'groupTasks.intro')}</p>
      {[...byRole].map(([roleName, tasks]) => (
        <Fragment key={roleName}>
          {showRoles ? <h3 className="mt-4 font-medium">{roleName}</h3> : null}
          <ol className="mt-2 grid gap-2">
            {tasks.map((task) => (
              <li key={task.id} className="rounded border border-slate-200 p-3">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-medium">{task.title}</span>
                  <span className="text-sm text-slate-600">{t(`groupTasks.kinds.${task.kind}`)}</span>
                  {task.dayOffset !== null ? (
                    <span className="text-sm text-slate-600">{t('groupTasks.day', { day: task.dayOffset })}</span>
                  ) : null}
                </div>
                {task.instructions ? <LinkedText text={task.instructions} className="mt-1 text-sm" /> : null}
              </li>
            ))}
          </ol>
        </Fragment>
      ))}
    </section>
  )
}
