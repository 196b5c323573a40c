import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import type { PackageSharing, PackageView } from '~/services/library/types'
import { buttonClass } from '~/ui/button'
import { ConfirmationPanel } from '../action-form'
import { libraryPaths } from '../paths'
import { BasicStep, type BasicsDraft } from './basic-step'
import { CollaboratorsPanel } from './collaborators-panel'
import { ConflictAlert } from './conflict-alert'
import type { RoleDraft, TaskDraft } from './drafts'
import { EntitiesStep } from './entities-step'
import { FinishEmptyPanel } from './finish-empty-panel'
import { HandOverPanel } from './hand-over-panel'
import type { WizardActionData } from './intents.server'
import { RolesStep } from './roles-step'
import { ShareLinksPanel } from './share-links-panel'
import type { SharingActionData } from './sharing-intents.server'
import { stepHref, type WizardMode } from './wizard-args'

interface Loaded {
  mode: WizardMode
  step: number
  pid: string | null
  view: PackageView | null
  sharing: PackageSharing | null
  newLink: string | null
  roleId: string | null
  /** The language a new package starts in: its author's. */
  authorLanguage: string
}

type ActionData = WizardActionData | SharingActionData | { error: string } | undefined

const basicsOf = (view: PackageView | null, authorLanguage: string): BasicsDraft =>
  view
    ? {
        name: view.package.name,
        description: view.package.description,
        language: view.package.language,
        tags: view.package.tags.join(', '),
      }
    : { name: '', description: '', language: authorLanguage, tags: '' }

const rolesOf = (view: PackageView): RoleDraft[] => view.roles.map((r) => ({ key: r.id, name: r.name, description: r.description }))

const tasksOf = (view: PackageView, roleId: string | null): TaskDraft[] =>
  (view.roles.find((r) => r.id === roleId)?.entities ?? []).map((e) => ({
    key: e.id,
    title: e.title,
    instructions: e.instructions,
    kind: e.kind,
    dayOffset: e.dayOffset === null ? '' : String(e.dayOffset),
  }))

/** The form of the current step, with what was typed when the server sent it back (errors, list edits, a conflict). */
export function WizardStepBody({ loaded, actionData }: { loaded: Loaded; actionData: unknown }) {
  const { t } = useTranslation()
  const { mode, step, pid, view, sharing, newLink, roleId } = loaded
  const answer = actionData as ActionData
  const mine = answer && 'intent' in answer ? answer : undefined
  const conflict = mine && 'conflict' in mine && mine.conflict ? <ConflictAlert /> : null
  const errors = (mine && 'errors' in mine ? mine.errors : undefined) ?? {}
  const formError = errors['']?.length ? (
    <p role="alert" className="mb-3 rounded-md border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-900">
      {errors[''].map((e) => t(e)).join(' ')}
    </p>
  ) : null
  const lastStep = mode === 'new' ? 2 : 4

  if (step === 1) {
    const values = mine?.intent === 'basics' ? mine.values : basicsOf(view, loaded.authorLanguage)
    return (
      <>
        {conflict}
        {formError}
        <BasicStep values={values} version={view?.package.version ?? null} errors={errors} nextLabel="next" />
      </>
    )
  }
  if (!view || !pid) return null
  const finishEmpty =
    mine?.intent === 'finish-empty' ? <FinishEmptyPanel mode={mode} pid={pid} version={mine.version ?? view.package.version} /> : null
  if (step === 2) {
    const roles = mine?.intent === 'roles' ? mine.roles : rolesOf(view)
    return (
      <>
        {finishEmpty}
        {conflict}
        {formError}
        <RolesStep roles={roles} version={view.package.version} errors={errors} nextLabel={lastStep === 2 ? 'finish' : 'next'} />
      </>
    )
  }
  if (step === 3) {
    const tasks = mine?.intent === 'entities' && mine.roleId === roleId ? mine.tasks : tasksOf(view, roleId)
    return (
      <>
        {finishEmpty}
        {conflict}
        {formError}
        <EntitiesStep
          roles={view.roles.map((r) => ({ id: r.id, name: r.name, taskCount: r.taskCount }))}
          roleId={roleId}
          tasks={tasks}
          version={view.package.version}
          errors={errors}
        />
      </>
    )
  }
  if (!sharing) return null
  const editors = sharing.collaborators.filter((c) => c.access === 'edit')
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      {mine?.intent === 'confirm' ? <ConfirmationPanel pending={mine.confirm} t={t} /> : null}
      <p className="text-slate-700">{t('library.wizard.sharing.intro')}</p>
      <CollaboratorsPanel
        collaborators={sharing.collaborators}
        invitations={sharing.invitations}
        canManage={sharing.canManage}
        errors={mine?.intent === 'invite' ? mine.errors : {}}
        typed={mine?.intent === 'invite' ? mine.typed : undefined}
      />
      <ShareLinksPanel
        links={sharing.links}
        canManage={sharing.canManage}
        newLink={newLink}
        errors={mine?.intent === 'create-link' ? mine.errors : {}}
      />
      {sharing.canManage ? <HandOverPanel editors={editors} /> : null}
      <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
        <AppLink to={stepHref(mode, 3, pid)} className={buttonClass('secondary')}>
          {t('library.wizard.back')}
        </AppLink>
        <AppLink to={libraryPaths.view(pid)} className={buttonClass()}>
          {t('library.wizard.done')}
        </AppLink>
      </div>
    </div>
  )
}
