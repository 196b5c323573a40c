import { Form } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { stepHref, type WizardMode } from './wizard-args'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * "Save and finish" on a package without tasks: the roles are saved, and the server asks before
 * publishing (intent finish-empty) with this panel, the same with and without JavaScript: add
 * tasks (step 3 of the edit wizard, the package stays a draft) or finish without them. With
 * JavaScript the question takes the focus, so it is read out.
 */
export function FinishEmptyPanel({ mode, pid, version }: { mode: WizardMode; pid: string; version: number }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const busy = useIntentPending('finish-empty')
  return (
    <section
      role="alertdialog"
      aria-labelledby="finish-empty-title"
      aria-describedby="finish-empty-body"
      className="mb-4 max-w-3xl rounded-md border-l-4 border-amber-500 bg-amber-50 p-4"
    >
      <h2
        id="finish-empty-title"
        ref={heading}
        tabIndex={-1}
        className="font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {t('library.wizard.finishEmpty.title')}
      </h2>
      <p id="finish-empty-body" className="mb-3">
        {t('library.wizard.finishEmpty.body')}
      </p>
      <div className="flex flex-wrap gap-2">
        <AppLink to={stepHref('edit', 3, pid)} className={buttonClass()}>
          {t('library.wizard.finishEmpty.addTasks')}
        </AppLink>
        <Form method="post">
          <input type="hidden" name="intent" value="finish-empty" />
          <input type="hidden" name="confirmed" value="1" />
          <input type="hidden" name="version" value={version} />
          <Button type="submit" variant="secondary" pending={busy}>
            {t('library.wizard.finishEmpty.finish')}
          </Button>
        </Form>
      </div>
      {mode === 'new' ? <p className="mt-3 text-sm text-slate-700">{t('library.wizard.finishEmpty.draftHint')}</p> : null}
    </section>
  )
}
