/** The library's addresses (spec section 2 "/library"). */
export const libraryPaths = {
  feed: '/library',
  view: (pid: string) => `/library/packages/view/${encodeURIComponent(pid)}`,
  newStep: (step: number, pid?: string) => `/library/packages/new/${step}${pid ? `?pid=${encodeURIComponent(pid)}` : ''}`,
  editStep: (step: number, pid: string) => `/library/packages/edit/${step}/${encodeURIComponent(pid)}`,
  createGroup: (pid?: string) => `/library/create/group${pid ? `?packageId=${encodeURIComponent(pid)}` : ''}`,
  invitations: (userId: string) => `/library/invitations/${encodeURIComponent(userId)}`,
  acceptShareLink: (token: string) => `/library/packages/accept-share-link?token=${encodeURIComponent(token)}`,
}
