import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonClass } from '~/ui/button'
import type { JoinConfirmation } from './intents.server'

/**
 * The explicit step before joining (a link or a typed code never joins by itself): what the
 * invitation makes of the user, named, and a button that posts. A code is sent again with the
 * answer; the sign-up's waiting invitation is the server's, so it needs none, and it may be
 * declined ("Not now"), which settles it.
 */
export function ConfirmJoin({ confirm }: { confirm: JoinConfirmation }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const values = { organization: confirm.organization, group: confirm.group ?? '' }
  const busy = navigation.state === 'submitting'
  // The question takes the focus (so a screen reader reads it), not the button: one more Enter
  // after typing a code must not join unread.
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => title.current?.focus(), [])
  return (
    <section aria-labelledby="confirm-join-title" className="flex flex-col gap-3 rounded-md border border-slate-300 bg-slate-50 p-4">
      {confirm.pending ? <p className="text-sm text-slate-700">{t('invitationCode.confirm.fromSignUp')}</p> : null}
      <h2 id="confirm-join-title" ref={title} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t(`invitationCode.confirm.title.${confirm.kind}`, values)}
      </h2>
      <p id="confirm-join-body" className="text-slate-700">
        {t(`invitationCode.confirm.body.${confirm.kind}`, values)}
      </p>
      <Form method="post" action="/invitation-code" className="flex flex-wrap gap-2">
        {confirm.code ? <input type="hidden" name="code" value={confirm.code} /> : null}
        <Button
          type="submit"
          name="intent"
          value={confirm.pending ? 'join-pending' : 'join'}
          pending={busy}
          aria-describedby="confirm-join-title confirm-join-body"
        >
          {t('invitationCode.confirm.join')}
        </Button>
        {confirm.pending ? (
          <Button type="submit" name="intent" value="dismiss-pending" variant="secondary" disabled={busy}>
            {t('invitationCode.confirm.notNow')}
          </Button>
        ) : (
          // Back to an empty code field: nothing was joined.
          <Link to="/invitation-code" className={buttonClass('secondary')}>
            {t('common.cancel')}
          </Link>
        )}
      </Form>
    </section>
  )
}
