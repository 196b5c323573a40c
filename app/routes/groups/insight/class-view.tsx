import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ClassTask } from '~/services/group-work/insight-own.server'
import { CLASS_VIEW_MIN_WRITERS } from '~/services/group-work/insight.schemas'
import { Button } from '~/ui/button'
import { DistributionBar } from './charts'
import { formatAverage } from './week-table'

/** The anonymous class view: per task, how the group felt and the tags it chose, without names. */
export function ClassView({ tasks }: { tasks: ClassTask[] }) {
  const { t, i18n } = useTranslation()
  if (!tasks.length) return <p className="text-sm text-slate-700">{t('insight.classView.empty')}</p>
  return (
    <ul className="space-y-4">
      {tasks.map((task) => (
        <li key={task.id} className="rounded-md bg-white p-3 ring-1 ring-slate-200">
          <h3 className="font-medium break-words">{task.title}</h3>
          {task.shown ? (
            <>
              <p className="text-sm text-slate-700">
                {t('insight.classView.summary', { count: task.loops, average: formatAverage(task.average, i18n.language) })}
              </p>
              <DistributionBar counts={task.distribution} />
              <p className="text-sm text-slate-700 tabular-nums">
                {task.distribution.map((n, i) => t('insight.classView.value', { value: String(i + 1), n: String(n) })).join(' · ')}
              </p>
              {task.tags.length ? (
                <p className="text-sm text-slate-700">
                  {t('insight.classView.tags')}: {task.tags.map((tag) => `${tag.name} (${tag.loops})`).join(', ')}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-slate-700">{t('insight.classView.tooFew', { count: CLASS_VIEW_MIN_WRITERS })}</p>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The owner's switch: members see the class view, or not (off by default). */
export function ClassViewSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3 print:hidden">
      <input type="hidden" name="intent" value="class-insight" />
      <input type="hidden" name="on" value={on ? '0' : '1'} />
      <p className="text-sm text-slate-700">{on ? t('insight.classView.isOn') : t('insight.classView.isOff')}</p>
      <Button type="submit" variant="secondary">
        {on ? t('insight.classView.turnOff') : t('insight.classView.turnOn')}
      </Button>
    </Form>
  )
}
