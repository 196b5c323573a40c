import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { methodNotAllowed } from '~/errors'
import { isLocale } from '~/i18n/config'
import { localeCookie } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { saveLocale } from '~/services/accounts/users.server'
import { readForm } from '~/utils/form-body.server'

/** The language switch: remembers the choice in a cookie, and as the saved locale when signed in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const locale = form.get('locale')
  const back = safeRedirect(form.get('redirectTo'))
  if (!isLocale(locale)) return redirect(back)
  const user = await getUser(context)
  if (user) await saveLocale(ctxFor(user, context), locale)
  return redirect(back, { headers: { 'Set-Cookie': await localeCookie.serialize(locale) } })
}

export const loader = () => methodNotAllowed('POST')
