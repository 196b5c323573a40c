/**
 * The limits and fixed choices of group work (docs/group-work.md), without zod: the schemas read
 * them, and so do the forms in the browser (maxlength, the choices drawn), which must not pull the
 * validation library into the page's JavaScript.
 */

/** The longest loop text, in characters. */
export const LOOP_TEXT_MAX = 5000

/** The emotional value's five steps, 1 (worst) to 5 (best). */
export const EMOTIONS = [1, 2, 3, 4, 5] as const
export type Emotion = (typeof EMOTIONS)[number]

/** The task field's value for a free loop (a loop with no task). */
export const FREE_LOOP = 'free'

/** The most tags one loop may carry (a group has at most 50). */
export const LOOP_TAGS_MAX = 50

export const TASK_TITLE_MAX = 200
export const TASK_DESCRIPTION_MAX = 5000
/** The group roles a task may be for (the owner sees every task; a package role maps to one of these). */
export const TASK_ROLES = ['leader', 'member', 'subscriber'] as const
export type TaskRole = (typeof TASK_ROLES)[number]

/** When the screen's form publishes a task. */
export const PUBLISH_CHOICES = ['draft', 'now', 'at'] as const

export const TAG_NAME_MAX = 40
export const TAG_DESCRIPTION_MAX = 500
/** The most tags a group has (TAG_LIMIT_REACHED beyond). */
export const GROUP_TAG_LIMIT = 50

/** The longest comment on a loop (docs/group-work.md "Feedback"): the schema's limit and the form's `maxlength`. */
export const COMMENT_MAX_LENGTH = 2000

/** The most members one subscriber may be given at once (a group's member count is far below). */
export const FOLLOWS_MAX = 1000

/** The export's file formats (docs/group-work.md "Export"). */
export const LOOP_EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type LoopExportFormat = (typeof LOOP_EXPORT_FORMATS)[number]
