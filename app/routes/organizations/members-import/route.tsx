import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { DomainError, isErrorCode } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { requireOrgAdmin } from '~/services/access.server'
import { ctxFor } from '~/services/context.server'
import { applyMemberImport, discardMemberImport, previewMemberImport, storeMemberImport } from '~/services/member-import/uploads.server'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { fileInputClass } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { IMPORT_ERROR_PARAM, MEMBER_IMPORT_ACCEPT, MEMBER_IMPORT_MAX_BYTES, withImportError } from '~/utils/member-import-rules'
import { readMultipart } from '~/utils/multipart.server'
import { mediaTypeOf } from '~/utils/request-body.server'
import { inactiveToast, ORGANIZATION_SCREEN, requireOrgAdminCtx } from '../org-not-found.server'
import { useOrganization } from '../organization-data'
import type { ImportColumns } from '~/services/member-import/parse.server'
import { ImportColumnsRead, ImportPreview, ImportResults, shownPreview, shownResults } from './import-tables'
import { useIntentPending } from '~/ui/use-intent-pending'

/*
 * /organizations/:organizationId/members/import (docs/organizations.md "Import members from a
 * file"), admins only. Three steps, each a page of its own, so the whole of it works without
 * JavaScript: upload (a multipart form), preview (?upload=<id>: the parsed rows, kept server-side
 * for the uploading admin, as applying them now would treat them), result (the same URL once
 * applied). A file's error comes back as ?error=<CODE>, shown above the upload form.
 */

export const handle = { breadcrumb: 'orgImport.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = ctxFor(await requireUser(request, context), context)
  await routeCall(() => requireOrgAdmin(ctx, organizationId), ORGANIZATION_SCREEN)
  const url = new URL(request.url)
  const errorParam = url.searchParams.get(IMPORT_ERROR_PARAM)
  const fileError = errorParam && isErrorCode(errorParam) && errorParam.startsWith('IMPORT_') ? errorParam : null
  const uploadId = url.searchParams.get('upload')
  if (!uploadId) return { fileError, upload: null, preview: null, results: null }
  try {
    const { upload, preview } = await previewMemberImport(ctx, organizationId, uploadId)
    return {
      fileError,
      upload: {
        id: upload.id,
        fileName: upload.fileName,
        expires: upload.expires,
        createMissingGroups: upload.createMissingGroups,
        columns: upload.columns,
      },
      preview: preview ? shownPreview(preview) : null,
      results: upload.applied ? shownResults(upload.applied.results) : null,
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === 'IMPORT_NOT_FOUND')
      return { fileError: 'IMPORT_NOT_FOUND' as const, upload: null, preview: null, results: null }
    throw error
  }
}

/**
 * The upload (multipart: `file`, `createMissingGroups`), or a step of an upload (URL-encoded:
 * `intent` apply or discard, `upload`). The organization is checked before the body is read.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const here = new URL(request.url).pathname
  return routeCall(
    async () => {
      if (mediaTypeOf(request) === 'multipart/form-data') {
        const upload = await readMultipart(request, { fileField: 'file', maxFileBytes: MEMBER_IMPORT_MAX_BYTES })
        if (!upload.file) return redirect(withImportError(here, 'IMPORT_EMPTY'))
        if (upload.file.truncated) return redirect(withImportError(here, 'IMPORT_FILE_TOO_LARGE'))
        try {
          const id = await storeMemberImport(ctx, organizationId, {
            fileName: upload.file.name || 'file',
            bytes: upload.file.bytes,
            createMissingGroups: upload.fields.createMissingGroups === 'on',
          })
          return redirect(`${here}?upload=${encodeURIComponent(id)}`)
        } catch (error) {
          if (error instanceof DomainError && error.code.startsWith('IMPORT_')) return redirect(withImportError(here, error.code))
          throw error
        }
      }
      const form = await readForm(request)
      const uploadId = String(form.get('upload') ?? '')
      try {
        if (form.get('intent') === 'discard') {
          await discardMemberImport(ctx, organizationId, uploadId)
          return redirect(here)
        }
        if (form.get('intent') !== 'apply') throw new DomainError('BAD_REQUEST')
        const results = await applyMemberImport(ctx, organizationId, uploadId)
        const count = (...codes: string[]) => String(results.filter((r) => codes.includes(r.result)).length)
        return redirectWithToast(`${here}?upload=${encodeURIComponent(uploadId)}`, {
          key: 'orgImport.results.summary',
          values: {
            added: count('ADDED'),
            invited: count('INVITED'),
            updated: count('UPDATED'),
            errors: String(
              results.filter((r) => !['ADDED', 'INVITED', 'UPDATED', 'UNCHANGED', 'ALREADY_INVITED'].includes(r.result)).length,
            ),
          },
        })
      } catch (error) {
        if (error instanceof DomainError && error.code === 'IMPORT_NOT_FOUND') return redirect(withImportError(here, error.code))
        throw error
      }
    },
    { toast: inactiveToast(here) },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function MembersImport() {
  const { t } = useTranslation()
  const { fileError, upload, preview, results } = useLoaderData<typeof loader>()
  const { organizationId } = useParams()
  const active = useOrganization()?.active !== false
  const membersHref = `/organizations/${organizationId}/members`
  return (
    <section aria-labelledby="import-title" className="max-w-5xl">
      <h1 id="import-title" className="mb-2 text-xl font-bold">
        {results && upload
          ? t('orgImport.results.title', { file: upload.fileName })
          : preview && upload
            ? t('orgImport.preview.title', { file: upload.fileName })
            : t('orgImport.title')}
      </h1>
      {fileError ? (
        <div className="mb-4">
          <Alert tone="error">{t(`errors.${fileError}`)}</Alert>
        </div>
      ) : null}
      {!active ? <p className="mb-4 text-slate-700">{t('organizations.inactiveNotice.members')}</p> : null}
      {results && upload ? (
        <>
          <ImportResults results={results} />
          <p className="mt-4 flex flex-wrap gap-4">
            <AppLink to={`/organizations/${organizationId}/members/import`} className="underline">
              {t('orgImport.results.again')}
            </AppLink>
            <AppLink to={membersHref} className="underline">
              {t('orgImport.backToMembers')}
            </AppLink>
          </p>
        </>
      ) : preview && upload ? (
        <PreviewStep upload={upload} preview={preview} active={active} />
      ) : active ? (
        <UploadForm />
      ) : null}
    </section>
  )
}

function UploadForm() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <>
      <p className="mb-3 text-slate-700">{t('orgImport.intro')}</p>
      <div className="mb-4 rounded-md bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        <h2 className="mb-1 font-semibold text-slate-900">{t('orgImport.format.title')}</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('orgImport.format.columns')}</li>
          <li>{t('orgImport.format.groups')}</li>
          <li>{t('orgImport.format.groupCreator')}</li>
          <li>{t('orgImport.format.csv')}</li>
          <li>{t('orgImport.format.limits')}</li>
        </ul>
      </div>
      <Form method="post" encType="multipart/form-data" className="max-w-xl space-y-3 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
        <div>
          <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-800">
            {t('orgImport.file')}
          </label>
          <input id="import-file" name="file" type="file" required accept={MEMBER_IMPORT_ACCEPT} className={fileInputClass} />
        </div>
        <div className="flex items-start gap-2">
          <input id="import-create-groups" name="createMissingGroups" type="checkbox" className="mt-1 h-4 w-4" />
          <label htmlFor="import-create-groups" className="text-sm text-slate-800">
            {t('orgImport.createMissingGroups')}
          </label>
        </div>
        <Button type="submit" pending={busy}>
          {busy ? t('orgImport.uploading') : t('orgImport.upload')}
        </Button>
      </Form>
    </>
  )
}

function PreviewStep({
  upload,
  preview,
  active,
}: {
  upload: { id: string; expires: string; columns: ImportColumns | null }
  preview: NonNullable<ReturnType<typeof shownPreview>>
  active: boolean
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const applying = useIntentPending('apply')
  const toDo = preview.counts.add + preview.counts.invite + preview.counts.update
  return (
    <>
      <p className="mb-1 text-slate-700">{t('orgImport.preview.nothingChanged')}</p>
      <p className="mb-4 text-sm text-slate-600">{t('orgImport.preview.expires', { time: dateTime(upload.expires) })}</p>
      {upload.columns ? <ImportColumnsRead columns={upload.columns} /> : null}
      <ImportPreview preview={preview} />
      {toDo === 0 ? <p className="mt-4 rounded-md bg-white p-3 ring-1 ring-slate-200">{t('orgImport.preview.nothingToDo')}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {active && toDo > 0 ? (
          <Form method="post">
            <input type="hidden" name="upload" value={upload.id} />
            <input type="hidden" name="intent" value="apply" />
            <Button type="submit" pending={applying}>
              {applying ? t('orgImport.preview.confirming') : t('orgImport.preview.confirm')}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="upload" value={upload.id} />
          <input type="hidden" name="intent" value="discard" />
          <Button type="submit" variant="secondary">
            {t('orgImport.preview.discard')}
          </Button>
        </Form>
      </div>
    </>
  )
}
