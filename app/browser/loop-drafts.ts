/**
 * Loop drafts in the browser (docs/group-work.md "Drafts"): what a member types in the loop form is
 * kept in localStorage while they type, so a reload or a lost connection loses nothing. A draft
 * belongs to one person on one device: its key names the user, and every draft on the device is
 * removed when a page renders signed out (sign-out by the menu, the idle timer, an ended session),
 * so the next person at a shared school computer neither sees nor inherits it.
 */
const PREFIX = 'loop-draft:'

/** The key of the draft of `userId`'s new loop in a group, on a task (or a free loop). */
export const loopDraftKey = (userId: string, groupId: string, task: string) => `${PREFIX}${userId}:${groupId}:${task || 'none'}`

/** Removes every loop draft kept on this device (storage that refuses is left as it is). */
export function clearLoopDrafts(storage: Storage = window.localStorage) {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k?.startsWith(PREFIX))
    for (const key of keys) storage.removeItem(key)
  } catch {
    // Storage disabled or blocked: there is nothing kept either.
  }
}
