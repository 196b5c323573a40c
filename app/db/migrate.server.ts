import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { DB } from './db.server'
import * as m001 from './migrations/001-foundation'
import * as m002 from './migrations/002-organizations'
import * as m003members from './migrations/003-members'
import * as m004groupsNameIndex from './migrations/004-groups-name-index'
import * as m005memberLists from './migrations/005-member-lists'
import * as m007mailOutbox from './migrations/007-mail-outbox'
import * as m008sqliteSortKeys from './migrations/008-sqlite-sort-keys'
import * as m009auditProgress from './migrations/009-audit-progress'
import * as m010alerts from './migrations/010-alerts'
import * as m011attendancePermission from './migrations/011-attendance-permission'
import * as m012library from './migrations/012-library'
import * as m013profile from './migrations/013-profile'
import * as m014telemetry from './migrations/014-telemetry'
import * as m015userIdentities from './migrations/015-user-identities'
import * as m017invitationsEmailPending from './migrations/017-invitations-email-pending'
import * as m018groupMemberLists from './migrations/018-group-member-lists'
import * as m019packageFeedCopies from './migrations/019-package-feed-copies'
import * as m020groupMembersByUser from './migrations/020-group-members-by-user'
import * as m021organizationMemberCount from './migrations/021-organization-member-count'
import * as m022invitationsDeclined from './migrations/022-invitations-declined'
import * as m026directorySync from './migrations/026-directory-sync'
import * as m027twoStep from './migrations/027-two-step'
import * as m028passkeys from './migrations/028-passkeys'
import * as m029securityPolicy from './migrations/029-security-policy'
import * as m031memberImports from './migrations/031-member-imports'
import * as m032directoryErrors from './migrations/032-directory-errors'
import * as m033menuAndLibrarySearch from './migrations/033-menu-and-library-search'
import * as m034auditLogFilters from './migrations/034-audit-log-filters'
import * as m035groupWork from './migrations/035-group-work'
import * as m036sessionReauth from './migrations/036-session-reauth'
import * as m037accountRecoveries from './migrations/037-account-recoveries'
import * as m038classInsight from './migrations/038-class-insight'
import * as m039retention from './migrations/039-retention'
import * as m040loopDigests from './migrations/040-loop-digests'
import * as m041invitationGroups from './migrations/041-invitation-groups'
import * as m042memberImportColumns from './migrations/042-member-import-columns'
import * as m043loopCountsIndex from './migrations/043-loop-counts-index'

// Listed statically so the same set runs from the server bundle, tsx and vitest.
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-organizations': m002,
  '003-members': m003members,
  '004-groups-name-index': m004groupsNameIndex,
  '005-member-lists': m005memberLists,
  '007-mail-outbox': m007mailOutbox,
  '008-sqlite-sort-keys': m008sqliteSortKeys,
  '009-audit-progress': m009auditProgress,
  '010-alerts': m010alerts,
  '011-attendance-permission': m011attendancePermission,
  '012-library': m012library,
  '013-profile': m013profile,
  '014-telemetry': m014telemetry,
  '015-user-identities': m015userIdentities,
  '017-invitations-email-pending': m017invitationsEmailPending,
  '018-group-member-lists': m018groupMemberLists,
  '019-package-feed-copies': m019packageFeedCopies,
  '020-group-members-by-user': m020groupMembersByUser,
  '021-organization-member-count': m021organizationMemberCount,
  '022-invitations-declined': m022invitationsDeclined,
  '026-directory-sync': m026directorySync,
  '027-two-step': m027twoStep,
  '028-passkeys': m028passkeys,
  '029-security-policy': m029securityPolicy,
  '031-member-imports': m031memberImports,
  '032-directory-errors': m032directoryErrors,
  '033-menu-and-library-search': m033menuAndLibrarySearch,
  '034-audit-log-filters': m034auditLogFilters,
  '035-group-work': m035groupWork,
  '036-session-reauth': m036sessionReauth,
  '037-account-recoveries': m037accountRecoveries,
  '038-class-insight': m038classInsight,
  '039-retention': m039retention,
  '040-loop-digests': m040loopDigests,
  '041-invitation-groups': m041invitationGroups,
  '042-member-import-columns': m042memberImportColumns,
  '043-loop-counts-index': m043loopCountsIndex,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/**
 * Runs every pending migration. `schema` (PostgreSQL) keeps Kysely's bookkeeping tables in that
 * schema: the tests give each file a schema of its own, and Kysely would otherwise find another
 * schema's lock table and skip creating its own.
 */
export async function migrateToLatest(db: DB, options: { schema?: string } = {}) {
  const migrator = new Migrator({ db, provider, migrationTableSchema: options.schema })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? []
}
