/** The longest comment on a loop (docs/group-work.md "Feedback"): the schema's limit and the form's `maxlength`. */
export const COMMENT_MAX_LENGTH = 2000
