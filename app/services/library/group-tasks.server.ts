// @ts-nocheck -- skeleton: the bodies follow
import type { Ctx } from '../context.server'
import type { ItemResult } from '../audit.server'
import type { CreateGroupFromPackageInput } from './packages.schemas'
import type { MemberTasks } from './types'

/** The active organizations where the actor may create groups (admin or group creator), in Swedish name order. */
export async function organizationsForPackageGroups(ctx: Ctx): Promise<{ id: string; name: string }[]> {
  throw new Error('not yet')
}

/** Creates a group from a package (the groups service), then copies the package's tasks into group_tasks. */
export async function createGroupFromPackage(
  ctx: Ctx,
  input: CreateGroupFromPackageInput,
): Promise<{ groupId: string; membersResults: (ItemResult & { email: string })[]; taskCount: number }> {
  throw new Error('not yet')
}

/** The tasks of the actor's role in the group (the owner: all). GROUP_NOT_FOUND for non-members. */
export async function tasksForMember(ctx: Ctx, groupId: string): Promise<MemberTasks> {
  throw new Error('not yet')
}
