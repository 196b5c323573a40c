import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { DirectorySync } from '~/services/directory/settings.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { CopyableCode } from '~/ui/copyable-code'
import { Field } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { useHydrated } from '~/ui/use-hydrated'
import { sectionClass } from '~/ui/section'
import { serverForm, useAnswerKey } from '~/ui/server-form'

type Sync = Omit<DirectorySync, 'tokens'> & { tokens: (DirectorySync['tokens'][number] & { created: string })[] }

/**
 * Directory sync (SCIM) on the organization home: the tenant URL, the state of the sync, the
 * tokens (a new one's secret shown once, with copy), revoking one (a dialog with JavaScript, the
 * server's confirmation step without) and the owner of the groups the directory creates.
 */
export function DirectorySection({
  sync,
  scimUrl,
  lastResult,
  created,
}: {
  sync: Sync
  scimUrl: string
  lastResult?: SubmissionResult<string[]>
  created?: { name: string; token: string }
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  // Checked by the server only (as ADR 018): the answer is shown in a form mounted anew for it.
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  return (
    <section aria-labelledby="org-directory-title" className={sectionClass}>
      <h2 id="org-directory-title" className="mb-2 text-lg font-semibold">
        {t('orgHome.directory.title')}
      </h2>
      <p className="mb-3 text-slate-700">{t('orgHome.directory.intro')}</p>
      {created ? (
        <div className="mb-4" data-testid="directory-token-created">
          <Alert tone="success">
            <p className="font-semibold">{t('orgHome.directory.createdTitle', { name: created.name })}</p>
            <p className="mb-2">{t('orgHome.directory.createdBody')}</p>
            <CopyableCode
              long
              code={created.token}
              testId="directory-token-secret"
              texts={{
                label: t('orgHome.directory.secretLabel'),
                copy: t('orgHome.directory.copy'),
                copied: t('orgHome.directory.copied'),
                copyFailed: t('orgHome.directory.copyFailed'),
              }}
            />
          </Alert>
        </div>
      ) : null}
      <dl className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-md bg-slate-50 p-3 sm:col-span-2">
          <dt className="text-sm text-slate-600">{t('orgHome.directory.endpoint')}</dt>
          <dd className="font-mono text-sm break-all">{scimUrl}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-600">{t('orgHome.directory.people')}</dt>
          <dd className="text-2xl font-semibold">{sync.people}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-600">{t('orgHome.directory.groups')}</dt>
          <dd className="text-2xl font-semibold">{sync.groups}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3 sm:col-span-2">
          <dt className="text-sm text-slate-600">{t('orgHome.directory.lastRequest')}</dt>
          <dd>{sync.lastRequest ? <time dateTime={sync.lastRequest}>{dateTime(sync.lastRequest)}</time> : t('orgHome.directory.never')}</dd>
        </div>
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold">{t('orgHome.directory.tokens')}</h3>
          {sync.tokens.length === 0 ? (
            <p className="mb-3 text-slate-700">{t('orgHome.directory.noTokens')}</p>
          ) : (
            <ul className="mb-3 divide-y divide-slate-100" data-testid="directory-tokens">
              {sync.tokens.map((token) => (
                <TokenRow key={token.id} token={token} dateTime={dateTime} />
              ))}
            </ul>
          )}
          <Form key={answerKey} id="directory-token" method="post" noValidate className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="directoryToken" />
            <Field
              label={t('orgHome.directory.newName')}
              hint={t('orgHome.directory.newNameHint')}
              errors={form.errors('name')}
              inputProps={{ ...form.input('directory-token', 'name', '', ['name']), type: 'text', required: true, autoComplete: 'off' }}
            />
            <div>
              <Button type="submit">{t('orgHome.directory.create')}</Button>
            </div>
          </Form>
        </div>
        <OwnerForm sync={sync} />
      </div>
      <LastErrors sync={sync} dateTime={dateTime} />
    </section>
  )
}

function TokenRow({ token, dateTime }: { token: Sync['tokens'][number]; dateTime: (v: string | null) => string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div>
        <p className="font-medium">{token.name}</p>
        <p className="text-sm text-slate-600">
          {t('orgHome.directory.created')}: <time dateTime={token.created}>{dateTime(token.created)}</time>
          {' · '}
          {t('orgHome.directory.lastUsed')}:{' '}
          {token.lastUsed ? <time dateTime={token.lastUsed}>{dateTime(token.lastUsed)}</time> : t('orgHome.directory.never')}
        </p>
        {token.revoked ? (
          <p className="text-sm text-red-800">{t('orgHome.directory.revokedAt', { date: dateTime(token.revoked) })}</p>
        ) : null}
      </div>
      {token.revoked ? null : (
        <Form method="post" ref={formRef}>
          <input type="hidden" name="intent" value="directoryRevoke" />
          <input type="hidden" name="tokenId" value={token.id} />
          <input type="hidden" name="name" value={token.name} />
          {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
          <ConfirmButton
            variant="danger"
            aria-label={t('orgHome.directory.revokeLabel', { name: token.name })}
            dialogId={`directory-revoke-${token.id}`}
            confirm={
              hydrated
                ? {
                    title: t('orgHome.directory.confirmRevokeTitle', { name: token.name }),
                    body: t('orgHome.directory.confirmRevokeBody'),
                    action: t('orgHome.directory.revoke'),
                  }
                : undefined
            }
            onConfirm={() => formRef.current?.requestSubmit()}
          >
            {t('orgHome.directory.revoke')}
          </ConfirmButton>
        </Form>
      )}
    </li>
  )
}

function OwnerForm({ sync }: { sync: Sync }) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="flex min-w-0 flex-col gap-2">
      <input type="hidden" name="intent" value="directoryOwner" />
      <label htmlFor="directory-owner" className="font-semibold">
        {t('orgHome.directory.owner')}
      </label>
      <select
        id="directory-owner"
        name="userId"
        required
        defaultValue={sync.groupOwnerId ?? ''}
        aria-describedby="directory-owner-hint"
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        <option value="" disabled>
          {t('orgHome.directory.ownerNone')}
        </option>
        {sync.admins.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} ({a.email})
          </option>
        ))}
      </select>
      <p id="directory-owner-hint" className="text-sm text-slate-600">
        {t('orgHome.directory.ownerHint')}
      </p>
      <div>
        <Button type="submit" variant="secondary">
          {t('orgHome.directory.saveOwner')}
        </Button>
      </div>
    </Form>
  )
}

/** The sync's last failed requests, newest first: when (the admin's timezone), token, status, operation, detail. */
function LastErrors({ sync, dateTime }: { sync: Sync; dateTime: (v: string | null) => string }) {
  const { t } = useTranslation()
  return (
    <div className="mt-6 min-w-0">
      <h3 id="directory-errors-title" className="mb-1 font-semibold">
        {t('orgHome.directory.errorsTitle')}
      </h3>
      {sync.errors.length === 0 ? (
        <p className="text-slate-700">{t('orgHome.directory.noErrors')}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">{t('orgHome.directory.errorsIntro', { kept: sync.errorsKept })}</p>
          <ol aria-labelledby="directory-errors-title" className="divide-y divide-slate-100" data-testid="directory-errors">
            {sync.errors.map((error, i) => (
              <li key={`${error.at}-${i}`} className="py-2">
                <p className="text-sm text-slate-600">
                  <time dateTime={error.at}>{dateTime(error.at)}</time>
                  {' · '}
                  {t('orgHome.directory.errorToken', { name: error.token })}
                </p>
                <p>
                  <span className="font-semibold text-red-800">
                    {t('orgHome.directory.errorStatus', { status: error.status })}
                    {error.scimType ? ` (${error.scimType})` : ''}
                  </span>{' '}
                  <code className="font-mono text-sm break-all">{error.operation}</code>
                </p>
                <p lang="en" className="text-sm break-words">
                  {error.detail}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  )
}
