import { z } from 'zod'
import { LoopCreateBodySchema, LoopPatchBodySchema } from '~/services/group-work/loops.schemas'
import { LOOP_EXPORT_FORMATS } from '~/utils/group-work-limits'
import { idParam, operation } from '../openapi/operation'

/** A group's loops and their photos, and the caller's own loops (docs/group-work.md "Loops", docs/group-roles.md). */

const TAG = 'Loops'

const Person = z.object({ _id: z.string(), name: z.string() }).strict()
const TaskRef = z.object({ _id: z.string(), title: z.string() }).strict().nullable().openapi({ description: 'null: a free loop.' })

/** One loop with its thread (services/group-work/loops.server.ts getLoop). */
export const LoopAnswer = z
  .object({
    _id: z.string(),
    task: TaskRef,
    author: Person,
    text: z.string(),
    emotion: z.number().int().min(1).max(5),
    tags: z.array(z.object({ _id: z.string(), name: z.string() }).strict()),
    photos: z.array(z.object({ _id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }).strict()),
    created: z.string(),
    edited: z.string().nullable(),
    approved: z.object({ by: Person, at: z.string() }).strict().nullable(),
    comments: z.array(z.object({ _id: z.string(), author: Person, text: z.string(), created: z.string() }).strict()),
  })
  .strict()
  .openapi('Loop')

/** A loop of a list (loop-lists.server.ts LoopListItem): the first 280 characters of its text. */
export const LoopListItemAnswer = z
  .object({
    _id: z.string(),
    group: z.object({ _id: z.string(), name: z.string() }).strict(),
    task: TaskRef,
    author: Person,
    excerpt: z.string(),
    emotion: z.number().int().min(1).max(5),
    tags: z.array(z.string()).openapi({ description: "The tags' names." }),
    commentCount: z.number().int(),
    photoCount: z.number().int(),
    approved: z.boolean(),
    created: z.string(),
    edited: z.string().nullable(),
  })
  .strict()
  .openapi('LoopListItem')

export const LoopPageAnswer = z
  .object({
    loops: z.array(LoopListItemAnswer),
    next: z.string().nullable().openapi({ description: 'The cursor of the next (older) page, or null.' }),
  })
  .strict()

export const LoopPhotoAnswer = z.object({ _id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }).strict()

const GroupParams = z.object({ groupId: idParam('The group.') })
const LoopParams = GroupParams.extend({ loopId: idParam('The loop.') })
const cursorQuery = z.string().max(200).optional().openapi({ description: 'The `next` of the previous page.' })

export const LoopListQuery = z.object({
  task: z.string().max(32).optional().openapi({ description: 'A task id, or `free` for loops without a task.' }),
  member: z.string().max(32).optional().openapi({ description: "The author's user id." }),
  tag: z.string().max(32).optional().openapi({ description: 'A tag id.' }),
  cursor: cursorQuery,
})
export const MyLoopsQuery = z.object({
  group: z.string().max(32).optional().openapi({ description: 'Only this group.' }),
  cursor: cursorQuery,
})

export const LoopExportQuery = z.object({
  format: z
    .enum(LOOP_EXPORT_FORMATS)
    .openapi({ description: '`csv` (UTF-8 with a byte-order mark; `;` for Swedish, `,` for English) or `xlsx`.' }),
  text: z.enum(['true', 'false', '1', '0']).optional().openapi({ description: "With the loops' text (off unless asked for)." }),
})

const PhotoBody = z.object({ photo: z.string().openapi({ format: 'binary', description: 'A JPEG, PNG or WebP file of at most 5 MB.' }) })

export const loopOperations = [
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/loops/export',
    tag: TAG,
    summary: "Export the group's loops",
    description:
      "Every loop of the group, oldest first, as a download streamed while it is read: task, author, date (the caller's time zone), emotional value, tags, approval, comments count, and with `text` the text. The caller's language names the columns. For the owner and leaders (403 FORBIDDEN for anyone else in the group or an organization admin outside it); recorded in the organization's audit log with the number of rows.",
    access: 'session',
    params: GroupParams,
    query: LoopExportQuery,
    ok: {
      status: 200,
      schema: z.string().openapi({ format: 'binary' }),
      contentType: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      description: 'The file, with Content-Disposition: attachment.',
    },
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/loops',
    tag: TAG,
    summary: "The group's loops you may see",
    description:
      'Newest first, 50 a page. Owners and leaders see every loop, a subscriber those of the members they follow, a member their own, an organization admin outside the group none.',
    access: 'session',
    params: GroupParams,
    query: LoopListQuery,
    ok: { status: 200, schema: LoopPageAnswer, description: 'A page of loops.' },
    errors: ['GROUP_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/loops',
    tag: TAG,
    summary: 'Write a loop',
    description:
      'On a task you see (`taskId`), or a free loop (no `taskId`) where the group takes them (403 FREE_LOOPS_OFF). Photos: POST …/loops/{loopId}/photos.',
    access: 'session',
    params: GroupParams,
    body: LoopCreateBodySchema,
    ok: { status: 201, schema: LoopAnswer, description: 'The loop.' },
    errors: ['GROUP_NOT_FOUND', 'FREE_LOOPS_OFF'],
  }),
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/loops/{loopId}',
    tag: TAG,
    summary: 'A loop with its thread',
    access: 'session',
    params: LoopParams,
    ok: { status: 200, schema: LoopAnswer, description: 'The loop.' },
    errors: ['GROUP_NOT_FOUND'],
  }),
  operation({
    method: 'patch',
    path: '/api/v3/groups/{groupId}/loops/{loopId}',
    tag: TAG,
    summary: 'Change your loop',
    description: 'Its author only (403 FORBIDDEN for another who sees it), until someone has commented (409 LOOP_LOCKED).',
    access: 'session',
    params: LoopParams,
    body: LoopPatchBodySchema,
    ok: { status: 200, schema: LoopAnswer, description: 'The loop.' },
    errors: ['GROUP_NOT_FOUND', 'LOOP_LOCKED'],
  }),
  operation({
    method: 'delete',
    path: '/api/v3/groups/{groupId}/loops/{loopId}',
    tag: TAG,
    summary: 'Delete your loop',
    description: 'Its author only, with its photos and thread.',
    access: 'session',
    params: LoopParams,
    ok: { status: 204, schema: null, description: 'Deleted.' },
    errors: ['GROUP_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/loops/{loopId}/photos',
    tag: TAG,
    summary: 'Add a photo to your loop',
    description:
      'multipart/form-data with one file in `photo`: JPEG, PNG or WebP by its content, at most 5 MB, at most 3 a loop; re-encoded without metadata, at most 2,048 px.',
    access: 'session',
    params: LoopParams,
    body: PhotoBody,
    bodyType: 'multipart/form-data',
    ok: { status: 201, schema: LoopPhotoAnswer, description: 'The photo.' },
    errors: ['GROUP_NOT_FOUND', 'LOOP_LOCKED', 'PHOTO_INVALID', 'PHOTO_TOO_LARGE', 'PHOTO_LIMIT_REACHED'],
  }),
  operation({
    method: 'get',
    path: '/api/v3/loops/mine',
    tag: TAG,
    summary: 'Your loops in all your groups',
    description: "Newest first, 50 a page. Also the loops of groups you have left, until the group's retention period removes them.",
    access: 'session',
    query: MyLoopsQuery,
    ok: { status: 200, schema: LoopPageAnswer, description: 'A page of your loops.' },
  }),
]
