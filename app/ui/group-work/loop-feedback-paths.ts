/** Where a loop's feedback forms post, and the loop page they return to (G2's /groups/:groupId/loops/:loopId). */
export const loopPagePath = (groupId: string, loopId: string) => `/groups/${groupId}/loops/${loopId}`
export const commentsPath = (groupId: string, loopId: string) => `${loopPagePath(groupId, loopId)}/comments`
export const approvalPath = (groupId: string, loopId: string) => `${loopPagePath(groupId, loopId)}/approval`

/** The id of the feedback form on the loop page: the forms return to it. */
export const FEEDBACK_ANCHOR = 'loop-feedback'

/** The query that gives an unsent comment back to the form (`?comment=`), at most the longest comment. */
export const KEPT_COMMENT_PARAM = 'comment'
