import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { getPackage } from '~/services/library/package-view.server'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { ActionForm, ConfirmationPanel } from '../action-form'
import { LinkedText } from '~/ui/library/linked-text'
import { LIBRARY_SCREEN } from '../not-found.server'
import { libraryPaths } from '../paths'
import { VIEW_INTENTS, type ViewActionData } from './intents.server'
import { RolesSection } from './roles-section'

/**
 * /library/packages/view/:pid (spec section 2, "/library"): the package's details, roles and tasks (of
 * a large package one role's at a time, `?role=`), who it is shared with, and the actions the
 * user's access allows. Anyone without access: 404.
 */
export const handle = {
  breadcrumb: (data: unknown) => {
    const name = (data as { view?: { package: { name: string } } } | undefined)?.view?.package.name
    return name ? { label: name } : null
  },
}

/** Up to this many tasks the view lists every role's; a larger package one role's at a time (`?role=`). */
export const ALL_TASKS_UP_TO = 50

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const tasksOf = { role: new URL(request.url).searchParams.get('role'), allUpTo: ALL_TASKS_UP_TO }
  const view = await routeCall(() => getPackage(ctxFor(user, context), params.pid!, tasksOf), {
    ...LIBRARY_SCREEN,
    failure: 'library.loadError',
  })
  return { view }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const form = await readForm(request)
  const handler = handlerFor(VIEW_INTENTS, form)
  if (!handler) return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = new URL(request.url).pathname
  return routeCall(() => handler({ ctx, packageId: params.pid!, form }), {
    ...LIBRARY_SCREEN,
    toast: { to: here },
    failure: 'library.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function PackageViewScreen() {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const { view } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ViewActionData | undefined
  const { package: pkg, roles, access, actions, editors } = view
  return (
    <div className="flex flex-col gap-6">
      {actionData && 'confirm' in actionData ? <ConfirmationPanel pending={actionData.confirm} t={t} /> : null}
      <section aria-labelledby="package-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="package-title" className="text-2xl font-bold">
            {pkg.name}
          </h1>
          {pkg.status === 'draft' ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('library.draft')}</span>
          ) : null}
        </div>
        <nav aria-label={t('library.view.actions')} className="flex flex-wrap gap-2">
          {actions.edit ? (
            <AppLink to={libraryPaths.editStep(1, pkg.id)} className={buttonClass()}>
              {t('library.view.edit')}
            </AppLink>
          ) : null}
          {actions.createGroup && pkg.status === 'published' ? (
            <AppLink to={libraryPaths.createGroup(pkg.id)} className={buttonClass('secondary')}>
              {t('library.view.createGroup')}
            </AppLink>
          ) : null}
          {actions.seeSharing ? (
            <AppLink to={libraryPaths.editStep(4, pkg.id)} className={buttonClass('secondary')}>
              {t('library.view.share')}
            </AppLink>
          ) : null}
          {actions.duplicate ? (
            <ActionForm intent="duplicate" fields={{}} small={false}>
              {t('library.view.duplicate')}
            </ActionForm>
          ) : null}
          {actions.delete ? (
            <ActionForm
              intent="delete"
              fields={{}}
              variant="danger"
              small={false}
              confirm={{
                title: t('library.view.delete.title'),
                body: t('library.view.delete.body', { name: pkg.name }),
                action: t('library.view.delete.confirm'),
              }}
            >
              {t('library.view.delete.action')}
            </ActionForm>
          ) : null}
        </nav>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section aria-labelledby="package-details" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 id="package-details" className="mb-2 text-lg font-semibold">
              {t('library.view.details')}
            </h2>
            <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-700">{t('library.view.description')}</dt>
              <dd>{pkg.description ? <LinkedText text={pkg.description} /> : t('library.view.noDescription')}</dd>
              <dt className="font-medium text-slate-700">{t('library.view.languageLabel')}</dt>
              <dd>{t(`library.language.${pkg.language}`)}</dd>
              <dt className="font-medium text-slate-700">{t('library.view.tags')}</dt>
              <dd>{pkg.tags.length ? pkg.tags.map((tag) => `#${tag}`).join(' ') : t('library.view.noTags')}</dd>
              <dt className="font-medium text-slate-700">{t('library.view.yourAccess')}</dt>
              <dd>{t(`library.access.${access}`)}</dd>
              <dt className="font-medium text-slate-700">{t('library.feed.sort.updated')}</dt>
              <dd>{date(pkg.updatedAt)}</dd>
            </dl>
          </section>
          <RolesSection roles={roles} />
        </div>
        <aside aria-labelledby="package-shared" className="h-fit rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="package-shared" className="mb-2 text-lg font-semibold">
            {t('library.view.sharedWith')}
          </h2>
          <h3 className="text-sm font-semibold text-slate-700">{t('library.view.owner')}</h3>
          <p className="mb-3">{pkg.owner.name}</p>
          <h3 className="text-sm font-semibold text-slate-700">{t('library.view.editors')}</h3>
          {editors.length ? (
            <ul className="list-inside list-disc">
              {editors.map((e) => (
                <li key={e.id}>{e.name}</li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{t('library.view.nobody')}</p>
          )}
        </aside>
      </div>
    </div>
  )
}
