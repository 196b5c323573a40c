import type * as U from '~/services/accounts/users.server'
import type * as O from '~/services/organizations/organizations.server'
import type * as G from '~/services/groups/groups.server'
import type * as GO from '~/services/groups/group-owners.server'
import type * as GH from '~/services/groups/group-home.server'
import type * as IR from '~/services/invitations/invitation-redemption.server'
import type * as I from '~/services/invitations/invitations.server'
import type * as IA from '~/services/invitations/invitation-admin.server'
import type * as NC from '~/services/alerts/notification-counts.server'
import type * as GS from '~/services/groups/group-statistics.server'
import type * as MB from '~/services/members/member-batches.server'
import type * as GB from '~/services/groups/group-bulk.server'
import type * as GC from '~/services/members/group-creators.server'
import type * as MG from '~/services/groups/my-groups.server'
import type * as IN from '~/services/invitations/invitation-inbox.server'
import type * as EC from '~/services/profile/email-change.server'
import type * as DT from '~/services/directory/tokens.server'
import type * as P from '~/services/profile/profile.server'
import type * as MR from '~/services/members/member-removal.server'
import type * as GWM from '~/services/groups/group-with-members.server'
import type * as AV from '~/services/platform/app-version.server'
type R<F extends (...a: any) => any> = Awaited<ReturnType<F>>
export type T_toCurrentUser = ReturnType<typeof U.toCurrentUser>
export type T_verifyEmail = R<typeof U.verifyEmail>
export type T_checkPasswordResetToken = R<typeof U.checkPasswordResetToken>
export type T_listMyOrganizations = R<typeof O.listMyOrganizations>
export type T_setOrganizationActive = R<typeof O.setOrganizationActive>
export type T_listAllGroups = R<typeof G.listAllGroups>
export type T_changeGroupOwners = R<typeof GO.changeGroupOwners>
export type T_leaveGroup = R<typeof GH.leaveGroup>
export type T_redeem = R<typeof IR.redeemInvitationCode>
export type T_listInvitations = R<typeof I.listInvitations>
export type T_createInvitation = R<typeof I.createInvitation>
export type T_revoke = R<typeof IA.revokeInvitation>
export type T_alertCounts = R<typeof NC.alertCounts>
export type T_pkgCount = R<typeof NC.packageInvitationCount>
export type T_groupStatistics = R<typeof GS.groupStatistics>
export type T_member = MB.ApiMember
export type T_setGroupsActive = R<typeof GB.setGroupsActive>
export type T_addGroupCreators = R<typeof GC.addGroupCreators>
export type T_myGroupsForApi = R<typeof MG.myGroupsForApi>
export type T_myInvitations = R<typeof IN.myInvitations>
export type T_accept = R<typeof IN.acceptMyInvitation>
export type T_requestEmailChange = R<typeof EC.requestEmailChange>
export type T_createDirectoryToken = R<typeof DT.createDirectoryToken>
export type T_listDirectoryTokens = R<typeof DT.listDirectoryTokens>
export type T_renameUser = R<typeof P.renameUser>
export type T_updateNotifications = R<typeof P.updateNotifications>
export type T_removeMembers = R<typeof MR.removeMembers>
export type T_createGroupWithMembers = R<typeof GWM.createGroupWithMembers>
export type T_checkVersion = R<typeof AV.checkVersion>
