import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { FollowChoices } from '~/services/group-work/follows.server'
import { Button, buttonClass } from '~/ui/button'
import { Section, sectionClass } from '~/ui/section'

/**
 * Whom one subscriber follows (`?follows=<subscriberId>` on the group's home, opened from their row
 * of the members list by an owner or leader): a checkbox per member of the group, saved with the
 * `follows` intent (the home's action). One form on the page, whatever the number of subscribers:
 * the members list keeps its size. Works without JavaScript.
 */
export function FollowsPanel({ choices }: { choices: FollowChoices }) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigation = useNavigation()
  const params = new URLSearchParams(location.search)
  params.delete('follows')
  const cancel = `${location.pathname}${params.size ? `?${params}` : ''}#group-members-title`
  const name = choices.subscriber.name
  return (
    <Section titleId="follows-title" title={t('follows.title', { name })} intro={t('follows.intro', { name })} className={sectionClass}>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="follows" />
        <input type="hidden" name="subscriberId" value={choices.subscriber._id} />
        {choices.members.length === 0 ? (
          <p className="text-slate-700">{t('follows.noMembers')}</p>
        ) : (
          <fieldset>
            <legend className="mb-2 font-medium">{t('follows.legend')}</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {choices.members.map((m) => (
                <li key={m._id} className="flex items-start gap-2">
                  <input
                    id={`follow-${m._id}`}
                    type="checkbox"
                    name="members"
                    value={m._id}
                    defaultChecked={m.followed}
                    className="mt-1 size-5"
                  />
                  <label htmlFor={`follow-${m._id}`} className="break-words">
                    {m.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={navigation.state === 'submitting' && navigation.formData?.get('intent') === 'follows'}>
            {t('follows.save')}
          </Button>
          <Link to={cancel} className={buttonClass('secondary')}>
            {t('follows.cancel')}
          </Link>
        </div>
      </Form>
    </Section>
  )
}
