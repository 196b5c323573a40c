import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { db } from '~/db/db.server'
import { isLocale } from '~/i18n/config'
import { localeCookie } from '~/i18n/i18n.server'

/** The language switch: remembers the choice in a cookie, and as the saved locale when signed in. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const locale = form.get('locale')
  const back = safeRedirect(form.get('redirectTo'))
  if (!isLocale(locale)) return redirect(back)
  const user = await getUser(request)
  if (user) await db().updateTable('users').set({ locale }).where('id', '=', user.id).execute()
  return redirect(back, { headers: { 'Set-Cookie': await localeCookie.serialize(locale) } })
}
