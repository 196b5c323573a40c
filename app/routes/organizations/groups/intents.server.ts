import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { messageKey } from '~/errors'
import { BulkGroupsFormSchema, ChangeOwnersFormSchema, MAX_OWNER_CHANGE_ROWS } from '~/services/groups/groups.schemas'
import { changeGroupOwners } from '~/services/groups/group-owners.server'
import { groupIdsMatching, getGroups, type GroupListItem } from '~/services/groups/groups.server'
import { deleteGroups as deleteGroupsService, setGroupsActive } from '~/services/groups/group-bulk.server'
import { groupNames } from '~/services/item-names.server'
import { peopleByIds, searchPeople, type PersonChoice } from '~/services/members/people-search.server'
import { pickerSearchOf } from '~/ui/people-picker'
import { bulkToast, redirectWithToast } from '~/http/toast.server'
import { CONFIRM_NAMES, confirmationOf, resolveSelection, type BulkConfirmation } from '../bulk-selection.server'
import type { IntentArgs } from '../intent-args'
import { groupListQueryOf } from './list-filters'

/**
 * The forms of the groups screen, one handler each; the route's action picks one by `intent`.
 * Success ends in a redirect to the same list with a toast; a form to show again (a confirmation
 * step, the change-owners panel, validation errors) is answered as GroupsActionData.
 */

export type GroupsActionData =
  | { intent: 'bulk'; error: string; values?: Record<string, string> }
  | ({ intent: 'confirm-delete' } & BulkConfirmation)
  | {
      intent: 'change-owners-form'
      groups: GroupListItem[]
      result?: SubmissionResult<string[]>
      /** After a submission with failures: the groups that did get their new owners. */
      applied?: OwnerChangesApplied
      confirmRemoval?: RemovalConfirmation
      /** The people chosen in the form's pickers, and (without JavaScript) one picker's search. */
      people?: OwnerPickers
    }

/** Old owners that would leave their groups, asked before (confirmed=1): the first few by name, and how many in all. */
export interface RemovalConfirmation {
  named: { group: string; owner: string }[]
  count: number
}

export interface OwnerPickers {
  chosen: PersonChoice[]
  search?: { name: string; query: string; found: PersonChoice[] }
}

export interface OwnerChangesApplied {
  succeeded: number
  total: number
  names: string[]
}

const uniq = <T>(items: T[]) => [...new Set(items)]

const reply = (body: GroupsActionData, status = 200) => data(body, { status })

const BULK_TOASTS = { activate: 'activate', deactivate: 'deactivate', delete: 'delete', 'change-owners': 'changeOwners' } as const

/** The toast keys of a bulk intent's result. */
const toastKeys = (intent: keyof typeof BULK_TOASTS) => ({
  done: `groups.toast.${BULK_TOASTS[intent]}.done`,
  partial: `groups.toast.${BULK_TOASTS[intent]}.partial`,
})

/**
 * The groups the bulk form acts on: the checked rows, or with `scope=matching` every group the
 * list's search and filters match (read from the URL the form posted to). Nothing checked is
 * answered with an error above the list.
 */
async function selectedGroups({ ctx, organizationId, form, url }: IntentArgs) {
  const submission = parseWithZod(form, { schema: BulkGroupsFormSchema })
  if (submission.status !== 'success') {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? 'errors.BAD_REQUEST'
    return { error: reply({ intent: 'bulk', error }, 400) }
  }
  const selection = await resolveSelection(submission.value, () => groupIdsMatching(ctx, organizationId, groupListQueryOf(url)))
  if (selection.count === 0) return { error: reply({ intent: 'bulk', error: 'groups.validation.noneSelected' }, 400) }
  return { value: selection }
}

/** intent activate / deactivate: the checked groups. */
export async function setActive(args: IntentArgs) {
  const { ctx, organizationId, here } = args
  const selected = await selectedGroups(args)
  if (selected.error) return selected.error
  const activate = args.form.get('intent') === 'activate'
  const names = await groupNames(ctx, organizationId, selected.value.ids)
  const results = await setGroupsActive(ctx, organizationId, selected.value.ids, activate)
  return redirectWithToast(here, bulkToast(results, toastKeys(activate ? 'activate' : 'deactivate'), names))
}

/** intent delete: asks to confirm first (without JavaScript), then deletes the checked groups. */
export async function deleteGroups(args: IntentArgs) {
  const { ctx, organizationId, here } = args
  const selected = await selectedGroups(args)
  if (selected.error) return selected.error
  const { ids, confirmed } = selected.value
  if (!confirmed) {
    const names = await groupNames(ctx, organizationId, ids.slice(0, CONFIRM_NAMES))
    return reply({ intent: 'confirm-delete', ...confirmationOf(selected.value, names) })
  }
  // Named before the action: a deleted group has no name afterwards.
  const names = await groupNames(ctx, organizationId, ids)
  return redirectWithToast(here, bulkToast(await deleteGroupsService(ctx, organizationId, ids), toastKeys('delete'), names))
}

/** intent change-owners-form: step one of changing owners, the panel for the checked groups. */
export async function showChangeOwners(args: IntentArgs) {
  const { ctx, organizationId } = args
  const selected = await selectedGroups(args)
  if (selected.error) return selected.error
  // One row per group: "all matching" beyond that many asks for a narrower selection.
  if (selected.value.count > MAX_OWNER_CHANGE_ROWS) {
    return reply({ intent: 'bulk', error: 'groups.owners.tooMany', values: { max: String(MAX_OWNER_CHANGE_ROWS) } }, 400)
  }
  const groups = await getGroups(ctx, organizationId, selected.value.ids)
  if (groups.length === 0) return reply({ intent: 'bulk', error: 'errors.GROUP_NOT_FOUND' }, 404)
  return reply({ intent: 'change-owners-form', groups })
}

/** The group ids of the rows of a submitted change-owners form. */
const changeRowIds = (form: FormData) => [...form.keys()].filter((k) => /^changes\[\d+\]\.groupId$/.test(k)).map((k) => String(form.get(k)))

/** The new owners chosen in the form (for all groups and per row), as the pickers show them; and a picker's search. */
async function ownerPickers({ ctx, organizationId, form }: Pick<IntentArgs, 'ctx' | 'organizationId' | 'form'>): Promise<OwnerPickers> {
  const scope = { for: 'group-owner' as const, organizationId }
  const names = [...form.keys()].filter((k) => k === 'newOwnerId' || /^changes\[\d+\]\.newOwnerId$/.test(k))
  const chosen = await peopleByIds(
    ctx,
    scope,
    names.map((k) => String(form.get(k) ?? '')),
  )
  const search = pickerSearchOf(form)
  if (!search || !(search.name === 'newOwnerId' || /^changes\[\d+\]\.newOwnerId$/.test(search.name))) return { chosen }
  return { chosen, search: { ...search, found: await searchPeople(ctx, scope, search.query) } }
}

/**
 * intent change-owners: step two, the new owners chosen with the people picker. Rows whose old
 * owner is REMOVEd are asked for first (confirmed=1), naming each old owner and group. When every
 * group got its new owner: back to the list with a toast. Otherwise the panel stays open with the
 * failed rows only, as the admin sent them, each with its error; the groups that did change are
 * named above them. With `find` (a picker's search without JavaScript) nothing changes: the panel
 * comes back as sent, with the matches.
 * Spec section 4: a group leaves the list when its old owner was removed and the actor's access
 * is not admin; only admins reach this page, so every group stays listed.
 */
export async function changeOwners({ ctx, organizationId, form, here }: IntentArgs) {
  const submission = parseWithZod(form, { schema: ChangeOwnersFormSchema })
  const searching = pickerSearchOf(form) !== null
  if (searching || submission.status !== 'success') {
    const [groups, people] = await Promise.all([
      getGroups(ctx, organizationId, changeRowIds(form)),
      ownerPickers({ ctx, organizationId, form }),
    ])
    if (searching)
      return reply({ intent: 'change-owners-form', groups, result: { initialValue: submission.payload as never, error: {} }, people })
    return reply({ intent: 'change-owners-form', groups, result: submission.reply(), people }, 400)
  }
  // Removing old owners from their groups cannot be undone: asked first, naming who leaves which group.
  // (A group not of this organization, or gone, is not asked about: it fails as not found.)
  const removals = submission.value.filter((c) => c.oldOwnerRole === 'REMOVE')
  if (removals.length > 0 && form.get('confirmed') !== '1') {
    const [groups, people] = await Promise.all([
      getGroups(ctx, organizationId, changeRowIds(form)),
      ownerPickers({ ctx, organizationId, form }),
    ])
    const byId = new Map(groups.map((g) => [g._id, g]))
    const named = removals.flatMap((c) => {
      const group = byId.get(c.groupId)
      return group ? [{ group: group.name, owner: group.owner.name }] : []
    })
    if (named.length > 0) {
      const confirmRemoval = { named: named.slice(0, CONFIRM_NAMES), count: named.length }
      return reply({ intent: 'change-owners-form', groups, result: submission.reply(), confirmRemoval, people })
    }
  }
  const results = await changeGroupOwners(ctx, organizationId, submission.value)
  const failed = results.flatMap((r, i) => (r.result === 'SUCCESS' ? [] : [{ groupId: r._id, code: r.result, index: i }]))
  const groups = failed.length ? await getGroups(ctx, organizationId, uniq(failed.map((f) => f.groupId))) : []
  // All done, or only groups gone meanwhile failed (nothing to correct): back to the list.
  if (groups.length === 0) {
    const names = new Map(results.flatMap((r) => (r.group ? [[r._id, r.group.name] as const] : [])))
    return redirectWithToast(here, bulkToast(results, toastKeys('change-owners'), names))
  }
  const changed = results.flatMap((r) => (r.result === 'SUCCESS' && r.group ? [r.group.name] : []))
  const result = failedRowsForm(submission.payload, failed, new Set(groups.map((g) => g._id)))
  const applied = { succeeded: changed.length, total: results.length, names: changed }
  const people = await ownerPickers({ ctx, organizationId, form })
  return reply({ intent: 'change-owners-form', groups, result, applied, people }, changed.length > 0 ? 200 : 400)
}

/**
 * The change-owners form again with the failed rows only, as the admin sent them (and the
 * values for all groups), each with its error code under its new owner. A group gone
 * meanwhile has no row left to show its error in: the form's error says it.
 */
function failedRowsForm(payload: Record<string, unknown>, failed: { groupId: string; code: string; index: number }[], listed: Set<string>) {
  const typedRows = Array.isArray(payload.changes) ? (payload.changes as unknown[]) : []
  const rows = failed.filter((f) => listed.has(f.groupId))
  const gone = uniq(failed.filter((f) => !listed.has(f.groupId)).map((f) => messageKey(f.code)))
  // What was typed in a picker's search but not chosen stays too (`find-…`, nested by conform like the rows).
  const typedSearches: unknown[] = Array.isArray(payload['find-changes']) ? payload['find-changes'] : []
  const initialValue = {
    intent: 'change-owners',
    newOwnerId: payload.newOwnerId,
    oldOwnerRole: payload.oldOwnerRole,
    'find-newOwnerId': payload['find-newOwnerId'],
    changes: rows.map((f) => typedRows[f.index]),
    'find-changes': rows.map((f) => typedSearches[f.index] ?? ''),
  }
  return {
    status: 'error',
    initialValue: initialValue as unknown as SubmissionResult<string[]>['initialValue'],
    error: {
      ...(gone.length ? { '': gone } : {}),
      ...Object.fromEntries(rows.map((f, i) => [`changes[${i}].newOwnerId`, [messageKey(f.code)]])),
    },
  } satisfies SubmissionResult<string[]>
}

/** The handler of each intent of the page. */
export const GROUPS_INTENTS = {
  activate: setActive,
  deactivate: setActive,
  delete: deleteGroups,
  'change-owners-form': showChangeOwners,
  'change-owners': changeOwners,
}
