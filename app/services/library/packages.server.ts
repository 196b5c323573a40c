// @ts-nocheck -- skeleton: the bodies follow
import type { Ctx } from '../context.server'
import type { PackageBasicsInput, SaveBasicsInput, SaveEntitiesInput, SaveRolesInput } from './packages.schemas'
import type { PackageView, Saved } from './types'

/** The view of a package (and the wizard's load). PACKAGE_NOT_FOUND for anyone without access, and for viewers of a draft. */
export async function getPackage(ctx: Ctx, packageId: string): Promise<PackageView> {
  throw new Error('not yet')
}

/** The same as getPackage, for the edit wizard: owner or editor, else PACKAGE_NOT_FOUND (a viewer gets PACKAGE_ACCESS_DENIED). */
export async function getPackageForEdit(ctx: Ctx, packageId: string): Promise<PackageView> {
  throw new Error('not yet')
}

/** Step 1 of the new wizard: a draft owned by the actor. */
export async function createDraft(ctx: Ctx, input: PackageBasicsInput): Promise<Saved> {
  throw new Error('not yet')
}

/** Step 1 (edit): the basic details. Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveBasics(ctx: Ctx, input: SaveBasicsInput): Promise<Saved> {
  throw new Error('not yet')
}

/** Step 2: the whole list of roles in order. Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveRoles(ctx: Ctx, input: SaveRolesInput): Promise<Saved> {
  throw new Error('not yet')
}

/** Step 3: the entities (of one role, or all). Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveEntities(ctx: Ctx, input: SaveEntitiesInput): Promise<Saved> {
  throw new Error('not yet')
}

/** Finish: the draft becomes published (visible to everyone it is shared with). Needs a role. Owner or editor. */
export async function publishPackage(ctx: Ctx, input: { packageId: string; version: number | string }): Promise<Saved> {
  throw new Error('not yet')
}

/** A copy owned by the actor, named "… (kopia)"/"… (copy)" in the actor's language. Anyone with access. */
export async function duplicatePackage(ctx: Ctx, packageId: string): Promise<Saved> {
  throw new Error('not yet')
}

/** Deletes the package with everything in it (groups made from it keep their tasks). Owner only. */
export async function deletePackage(ctx: Ctx, packageId: string): Promise<void> {
  throw new Error('not yet')
}
