import type { LoopListItem } from '~/services/group-work/loop-lists.server'
import { useTranslation } from 'react-i18next'
import { AppLink } from '../app-link'
import { useFormatters } from '../format'
import { EmotionBadge } from './emotion-scale'

/** A loop as lists show it (a type only: the ui reads no service). */
export type LoopCardData = LoopListItem

/**
 * One loop of a list (the Loops tab, My loops): its task (or "Free loop") as the link to the
 * loop, the author (`showAuthor`) or the group (`showGroup`), when, the feeling, the first lines,
 * the tags and the feedback's count. A card rather than a table row: on a phone it reads top down.
 */
export function LoopCard({
  loop,
  showAuthor,
  showGroup,
  unread,
}: {
  loop: LoopCardData
  showAuthor?: boolean
  showGroup?: boolean
  /** New to the viewer: never opened, or commented on or approved since they last opened it. */
  unread?: boolean
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const title = loop.task?.title ?? t('loops.card.free')
  return (
    <article className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={`loop-${loop.id}-title`}>
      <h3 id={`loop-${loop.id}-title`} className="font-semibold break-words">
        {loop.left ? (
          title
        ) : (
          <AppLink to={`/groups/${loop.groupId}/loops/${loop.id}`} className="text-brand-700 underline hover:text-brand-800">
            {title}
          </AppLink>
        )}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        {showAuthor ? <span>{t('loops.card.by', { name: loop.author.name })}</span> : null}
        {showGroup ? <span>{loop.groupName}</span> : null}
        <time dateTime={loop.createdAt}>{dateTime(loop.createdAt)}</time>
        {loop.editedAt ? <span>({t('loops.card.edited')})</span> : null}
        {unread ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{t('loops.card.unread')}</span>
        ) : null}
        {loop.approved ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t('loops.card.approved')}</span>
        ) : null}
      </p>
      {loop.left ? <p className="mt-1 text-sm text-slate-700">{t('retention.leftGroup')}</p> : null}
      <p className="mt-2">
        <EmotionBadge value={loop.emotion} />
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-slate-900">{loop.excerpt}</p>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
        {loop.tags.map((tag) => (
          <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5">
            #{tag}
          </span>
        ))}
        {loop.commentCount ? <span>{t('loops.card.comments', { count: loop.commentCount })}</span> : null}
        {loop.photoCount ? <span>{t('loops.card.photos', { count: loop.photoCount })}</span> : null}
      </p>
    </article>
  )
}

/** A list of loop cards. */
export function LoopCards({
  loops,
  showAuthor,
  showGroup,
  unread = [],
}: {
  loops: LoopCardData[]
  showAuthor?: boolean
  showGroup?: boolean
  /** The ids of the loops new to the viewer. */
  unread?: readonly string[]
}) {
  return (
    <ul className="space-y-3">
      {loops.map((loop) => (
        <li key={loop.id}>
          <LoopCard loop={loop} showAuthor={showAuthor} showGroup={showGroup} unread={unread.includes(loop.id)} />
        </li>
      ))}
    </ul>
  )
}
