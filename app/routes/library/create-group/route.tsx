import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { parseMemberLines } from '~/services/groups/groups.schemas'
import { packageFeed } from '~/services/library/feed.server'
import { defaultGroupRole, organizationsForPackageGroups } from '~/services/library/group-tasks.server'
import { getPackage } from '~/services/library/package-view.server'
import { TASK_GROUP_ROLES } from '~/services/library/packages.constants'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass, SelectField } from '~/ui/field'
import { readForm } from '~/utils/form-body.server'
import { LIBRARY_SCREEN } from '../not-found.server'
import { libraryPaths } from '../paths'
import { createGroupIntent, type CreateGroupActionData } from './create-group.server'

/**
 * /library/create/group (spec section 2, "/library"): a group from a package. First the package (a GET
 * form, or ?packageId=), then the organization, the name, the members and which group role gets
 * each package role's tasks; creating it opens the group's home.
 */
export const handle = { breadcrumb: 'library.createGroup.title' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const ctx = ctxFor(user, context)
  const packageId = new URL(request.url).searchParams.get('packageId') || null
  return routeCall(
    async () => {
      const [organizations, chosen] = await Promise.all([
        organizationsForPackageGroups(ctx),
        packageId ? routeCall(() => getPackage(ctx, packageId, 'none'), LIBRARY_SCREEN) : null,
      ])
      const choices = chosen
        ? []
        : (await packageFeed(ctx, { q: '', scope: 'all', sort: 'name', dir: 'asc', page: 1, pageSize: 200 })).items.filter(
            (p) => p.status === 'published',
          )
      return {
        organizations,
        choices: choices.map((p) => ({ id: p.id, name: p.name })),
        chosen: chosen && {
          id: chosen.package.id,
          name: chosen.package.name,
          roles: chosen.roles.map((r, i) => ({ id: r.id, name: r.name, groupRole: defaultGroupRole(i) })),
        },
      }
    },
    { failure: 'library.loadError' },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  if (form.get('intent') !== 'create-group') return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const packageId = String(form.get('packageId') ?? '')
  return routeCall(() => createGroupIntent(ctxFor(user, context), packageId, form), { ...LIBRARY_SCREEN, failure: 'library.updateError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function CreateGroupFromPackage() {
  const { t } = useTranslation()
  const { organizations, choices, chosen } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as CreateGroupActionData | undefined
  const navigation = useNavigation()
  const errors = answer?.errors ?? {}
  const typed = answer?.typed
  const badLines = errors.members?.includes('library.createGroup.badLines')
    ? parseMemberLines(typed?.members ?? '')
        .badLines.slice(0, 10)
        .join(', ')
    : ''
  return (
    <section aria-labelledby="create-group-title" className="flex max-w-2xl flex-col gap-4">
      <h1 id="create-group-title" className="text-2xl font-bold">
        {t('library.createGroup.title')}
      </h1>
      <p className="text-slate-700">{t('library.createGroup.intro')}</p>
      {!chosen ? (
        choices.length === 0 ? (
          <Alert tone="info">{t('library.createGroup.noPackages')}</Alert>
        ) : (
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div className="min-w-[16rem] flex-1">
              <SelectField
                label={t('library.createGroup.package')}
                selectProps={{ id: 'create-package', name: 'packageId', required: true }}
              >
                {choices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button type="submit" variant="secondary">
              {t('library.createGroup.pick')}
            </Button>
          </Form>
        )
      ) : organizations.length === 0 ? (
        <Alert tone="info">{t('library.createGroup.noOrganizations')}</Alert>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="create-group" />
          <input type="hidden" name="packageId" value={chosen.id} />
          <p>
            <span className="font-medium">{t('library.createGroup.package')}:</span> {chosen.name}{' '}
            <AppLink to={libraryPaths.createGroup()} className="text-sm text-brand-700 underline">
              {t('library.createGroup.change')}
            </AppLink>
          </p>
          <SelectField
            label={t('library.createGroup.organization')}
            errors={errors.organizationId}
            selectProps={{ id: 'create-organization', name: 'organizationId', defaultValue: typed?.organizationId }}
          >
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('library.createGroup.name')}
            errors={errors.name}
            inputProps={{
              id: 'create-name',
              name: 'name',
              required: true,
              maxLength: 100,
              autoComplete: 'off',
              defaultValue: typed?.name ?? chosen.name,
            }}
          />
          <div>
            <label htmlFor="create-members" className="mb-1 block text-sm font-medium text-slate-800">
              {t('library.createGroup.members')}
            </label>
            <textarea
              id="create-members"
              name="members"
              rows={5}
              spellCheck={false}
              defaultValue={typed?.members}
              aria-invalid={errors.members ? true : undefined}
              aria-describedby={`create-members-hint${errors.members ? ' create-members-error' : ''}`}
              className={`${inputClass} font-mono text-sm`}
            />
            <p id="create-members-hint" className="mt-1 text-sm text-slate-600">
              {t('library.createGroup.membersHint')}
            </p>
            <div id="create-members-error">
              <FieldErrors id="create-members-error-list" errors={errors.members?.filter((e) => e !== 'library.createGroup.badLines')} />
              {badLines ? <p className="text-sm text-red-700">{t('library.createGroup.badLines', { lines: badLines })}</p> : null}
            </div>
          </div>
          {chosen.roles.length ? (
            <fieldset className="rounded-md p-4 ring-1 ring-slate-200">
              <legend className="px-1 font-semibold">{t('library.createGroup.mapping')}</legend>
              <p className="mb-3 text-sm text-slate-600">{t('library.createGroup.mappingHint')}</p>
              <div className="flex flex-col gap-3">
                {chosen.roles.map((role, i) => (
                  <div key={role.id}>
                    <input type="hidden" name={`roles[${i}].id`} value={role.id} />
                    <SelectField
                      label={t('library.createGroup.tasksOf', { role: role.name })}
                      selectProps={{
                        id: `mapping-${role.id}`,
                        name: `roles[${i}].groupRole`,
                        defaultValue: typed?.mapping[role.id] ?? role.groupRole,
                      }}
                    >
                      {TASK_GROUP_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`library.groupRoles.${r}`)}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" pending={navigation.state === 'submitting'}>
              {t('library.createGroup.submit')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
