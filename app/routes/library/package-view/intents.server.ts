import { data } from '@remix-run/node'
import type { Ctx } from '~/services/context.server'
import { deletePackage, duplicatePackage } from '~/services/library/packages.server'
import { getPackage } from '~/services/library/package-view.server'
import { redirectWithToast } from '~/http/toast.server'
import type { PendingConfirmation } from '../action-form'
import { libraryPaths } from '../paths'

export interface ViewIntentArgs {
  ctx: Ctx
  packageId: string
  form: FormData
}

export type ViewActionData = { confirm: PendingConfirmation }

/** intent duplicate: the actor's own copy, a draft ("… (copy)"); opens it. */
async function duplicate({ ctx, packageId }: ViewIntentArgs) {
  const copy = await duplicatePackage(ctx, packageId)
  const view = await getPackage(ctx, copy.packageId)
  return redirectWithToast(libraryPaths.view(copy.packageId), { key: 'library.view.toast.duplicated', values: { name: view.package.name } })
}

/** intent delete (owner): asks to confirm first without JavaScript, then deletes and goes to the feed. */
async function remove({ ctx, packageId, form }: ViewIntentArgs) {
  const { package: pkg } = await getPackage(ctx, packageId)
  if (form.get('confirmed') !== '1') {
    return data<ViewActionData>({
      confirm: {
        intent: 'delete',
        fields: {},
        title: 'library.view.delete.title',
        body: 'library.view.delete.body',
        action: 'library.view.delete.confirm',
        values: { name: pkg.name },
      },
    })
  }
  await deletePackage(ctx, packageId)
  return redirectWithToast(libraryPaths.feed, { key: 'library.view.toast.deleted', values: { name: pkg.name } })
}

export const VIEW_INTENTS = { duplicate, delete: remove }
