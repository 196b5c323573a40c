import type { z } from 'zod'
import { DomainError } from '~/errors'
import type { LoopListItem } from '~/services/group-work/loop-lists.server'
import type { LoopDetail } from '~/services/group-work/loops.server'
import type { Answer } from '../openapi/operation'
import type { LoopAnswer, LoopPageAnswer } from './loops.openapi'

/** The API's shapes of the loop services' answers (loops.openapi.ts). */

const person = (p: { id: string; name: string }) => ({ _id: p.id, name: p.name })
const taskRef = (task: { id: string; title: string } | null) => (task ? { _id: task.id, title: task.title } : null)

export const loopAnswer = (loop: LoopDetail): Answer<typeof LoopAnswer> => ({
  _id: loop.id,
  task: taskRef(loop.task),
  author: person(loop.author),
  text: loop.text,
  emotion: loop.emotion,
  tags: loop.tags.map(person),
  photos: loop.photos.map((p) => ({ _id: p.id, url: p.url, width: p.width, height: p.height })),
  created: loop.createdAt,
  edited: loop.editedAt,
  approved: loop.approved ? { by: person(loop.approved.by), at: loop.approved.at } : null,
  comments: loop.comments.map((c) => ({ _id: c.id, author: person(c.author), text: c.text, created: c.createdAt })),
})

export const loopPageAnswer = (page: { loops: LoopListItem[]; nextCursor: string | null }): Answer<typeof LoopPageAnswer> => ({
  loops: page.loops.map((l) => ({
    _id: l.id,
    group: { _id: l.groupId, name: l.groupName },
    task: taskRef(l.task),
    author: person(l.author),
    excerpt: l.excerpt,
    emotion: l.emotion,
    tags: l.tags,
    commentCount: l.commentCount,
    photoCount: l.photoCount,
    approved: l.approved,
    created: l.createdAt,
    edited: l.editedAt,
  })),
  next: page.nextCursor,
})

/** The query's fields, or BAD_REQUEST with the fields in error. */
export function queryOf<S extends z.ZodTypeAny>(schema: S, url: string): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(url).searchParams))
  if (parsed.success) return parsed.data
  throw new DomainError('BAD_REQUEST', { errors: parsed.error.flatten().fieldErrors })
}
