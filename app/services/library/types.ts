import type { CollaboratorAccess, PackageLanguage, PackageStatus } from '~/db/schema'
import type { EntityKind, FeedScope, FeedSort } from './packages.schemas'

/** What the actor may do with a package: its owner, an editor or a viewer (ADR 009). */
export type PackageAccess = 'owner' | CollaboratorAccess

/** The actions a screen offers, from the actor's access (owner everything; editor steps 1–3 and sees sharing; viewer view, duplicate, create a group). */
export interface PackageActions {
  edit: boolean
  duplicate: boolean
  createGroup: boolean
  /** See step 4 (collaborators, invitations, links). */
  seeSharing: boolean
  /** Change sharing: invite, change access, remove, links, hand over. */
  manageSharing: boolean
  delete: boolean
}

export interface PersonRef {
  id: string
  name: string
  email: string
}

/** One package in the feed. */
export interface PackageListItem {
  id: string
  name: string
  description: string
  language: PackageLanguage
  tags: string[]
  status: PackageStatus
  access: PackageAccess
  owner: { id: string; name: string }
  roleCount: number
  entityCount: number
  createdAt: string
  updatedAt: string
}

export interface FeedQuery {
  /** Search in name, description and tags (case and accents as the Swedish folding). */
  q: string
  scope: FeedScope
  language?: PackageLanguage
  /** One tag, matched whole, ignoring case. */
  tag?: string
  sort: FeedSort
  dir: 'asc' | 'desc'
  page: number
  pageSize: number
}

/** A pending invitation as its invitee sees it. */
export interface ReceivedInvitation {
  id: string
  packageId: string
  packageName: string
  access: CollaboratorAccess
  invitedBy: { id: string; name: string } | null
  createdAt: string
}

export interface PackageFeed {
  items: PackageListItem[]
  /** The number of packages that match; with `more`, a lower bound: a search counts only so far (FILTERED_COUNT_STEP). */
  total: number
  /** True when there are more than `total` (the count stopped there). */
  more: boolean
  page: number
  pageSize: number
  /** The actor's pending invitations (newest first, at most 50). */
  invitations: ReceivedInvitation[]
}

export interface PackageEntity {
  id: string
  roleId: string
  title: string
  instructions: string
  kind: EntityKind
  dayOffset: number | null
  position: number
}

export interface PackageRole {
  id: string
  name: string
  description: string
  position: number
  /** How many entities it has (loaded or not). */
  taskCount: number
  /** Whether `entities` holds its entities (see `TasksOf`); if not, `entities` is empty. */
  tasksLoaded: boolean
  /** Its entities in order, when loaded. */
  entities: PackageEntity[]
}

/**
 * Whose entities a package's load brings (every role comes with its `taskCount`): every role's,
 * none, or one role's: `role` (an id not of the package, or null: the first role's); with
 * `allUpTo`, every role's when the package has at most that many.
 */
export type TasksOf = 'all' | 'none' | { role: string | null; allUpTo?: number }

export interface PackageDetails {
  id: string
  name: string
  description: string
  language: PackageLanguage
  tags: string[]
  status: PackageStatus
  version: number
  owner: PersonRef
  createdAt: string
  updatedAt: string
  publishedAt: string | null
}

/** The view (and the wizard's load): details, roles with their entities, access and actions. */
export interface PackageView {
  package: PackageDetails
  roles: PackageRole[]
  access: PackageAccess
  actions: PackageActions
  /** Who it is shared with, as anyone with access sees it: the owner and the editors. */
  editors: PersonRef[]
}

export interface Collaborator extends PersonRef {
  access: CollaboratorAccess
  since: string
}

export interface SentInvitation {
  id: string
  email: string
  access: CollaboratorAccess
  invitedBy: { id: string; name: string } | null
  createdAt: string
  sentAt: string
}

export interface ShareLink {
  id: string
  createdAt: string
  createdBy: { id: string; name: string } | null
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  /** Not revoked and not expired. */
  active: boolean
}

/** Step 4: everything about sharing (owner and editors see it; only the owner changes it). */
export interface PackageSharing {
  packageId: string
  owner: PersonRef
  collaborators: Collaborator[]
  /** Pending invitations, newest first. */
  invitations: SentInvitation[]
  /** Every link, newest first, revoked and expired ones included (shown as such). */
  links: ShareLink[]
  canManage: boolean
}

/** A saved step: the package's new version (the form's next hidden `version`). */
export interface Saved {
  packageId: string
  version: number
}
