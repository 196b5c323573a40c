import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { AppLink } from '~/ui/app-link'
import { Section, sectionClass } from '~/ui/section'
import { MemberTaskCard } from './member-task-card'
import { PublishAllForm } from './publish-all-form'

export interface YourTasks {
  groupId: string
  /** The next published tasks of my role without a loop of mine (at most 5). */
  next: TaskView[]
  /** Published tasks of my role. */
  mineCount: number
  canWrite: boolean
  /** For those who edit tasks: every task, and the drafts copied from the package. */
  editor: { taskCount: number; packageDraftCount: number; draftCount: number } | null
}

/**
 * The overview's "Your tasks" (docs/group-work.md#tasks): the next tasks I have not written a loop
 * on, each with "Write a loop", and a link to all tasks; for those who edit tasks of a group made
 * from a package with drafts, a call to action to publish them all at once.
 */
export function YourTasksSection({ tasks }: { tasks: YourTasks }) {
  const { t } = useTranslation()
  const { groupId, next, mineCount, canWrite, editor } = tasks
  const all = (
    <AppLink to={`/groups/${groupId}/tasks`} className="text-brand-700 underline">
      {editor ? t('groupTasks.home.manage') : t('groupTasks.home.all')}
    </AppLink>
  )
  return (
    <Section titleId="your-tasks-title" title={t('groupTasks.home.title')} className={sectionClass}>
      {editor && editor.packageDraftCount > 0 ? (
        <div className="mb-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-4">
          <p className="mb-3 font-semibold">{t('groupTasks.home.packageDrafts', { count: editor.packageDraftCount })}</p>
          <PublishAllForm groupId={groupId} count={editor.draftCount} />
        </div>
      ) : null}
      {next.length ? (
        <>
          <p className="mb-3 text-sm text-slate-700">{t('groupTasks.home.intro')}</p>
          <ol className="mb-3 space-y-3">
            {next.map((task) => (
              <li key={task.id}>
                <MemberTaskCard groupId={groupId} task={task} canWrite={canWrite} headingLevel="h3" />
              </li>
            ))}
          </ol>
        </>
      ) : editor ? (
        <p className="mb-2 text-slate-700">{t('groupTasks.home.editorSummary', { count: editor.taskCount })}</p>
      ) : (
        <p className="mb-2 text-slate-700">{mineCount ? t('groupTasks.home.allDone') : t('groupTasks.home.none')}</p>
      )}
      {all}
    </Section>
  )
}
