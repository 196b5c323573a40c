import { useTranslation } from 'react-i18next'
import type { PackageRole } from '~/services/library/types'
import { LinkedText } from '../linked-text'

/** The package's roles in order, each with its tasks in order. */
export function RolesSection({ roles }: { roles: PackageRole[] }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="package-roles" className="flex flex-col gap-3">
      <h2 id="package-roles" className="text-lg font-semibold">
        {t('library.view.roles')}
      </h2>
      {roles.length === 0 ? <p className="text-slate-700">{t('library.view.noRoles')}</p> : null}
      {roles.map((role) => (
        <article key={role.id} aria-labelledby={`role-${role.id}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h3 id={`role-${role.id}`} className="font-semibold">
            {role.name}
          </h3>
          {role.description ? <LinkedText text={role.description} className="mb-2 text-sm text-slate-700" /> : null}
          {role.entities.length === 0 ? (
            <p className="text-sm text-slate-600">{t('library.view.noTasks')}</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-2">
              {role.entities.map((task) => (
                <li key={task.id} className="border-l-2 border-brand-200 pl-3">
                  <p className="font-medium">
                    {task.title}{' '}
                    <span className="text-xs font-normal text-slate-600">
                      {t(`library.kinds.${task.kind}`)}
                      {task.dayOffset !== null ? ` · ${t('library.view.day', { day: task.dayOffset })}` : ''}
                    </span>
                  </p>
                  {task.instructions ? <LinkedText text={task.instructions} className="text-sm text-slate-700" /> : null}
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
    </section>
  )
}
