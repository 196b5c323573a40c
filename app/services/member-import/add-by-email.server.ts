import { z } from 'zod'
import type { Ctx } from '../context.server'
import { applyRows, type RowResult } from './apply.server'
import type { ImportRow } from './parse.server'

/**
 * "Add people by email" on the members page: each address as an import row without name or
 * groups. An account with that address becomes a member at once, an address without one gets an
 * emailed invitation to the organization, and a member or a pending invitation is left as it is.
 * A result per address, in the order given (an address that is no address: INVALID_EMAIL).
 */
export async function addMembersByEmail(ctx: Ctx, organizationId: string, emails: string[]): Promise<RowResult[]> {
  const rows: ImportRow[] = emails.map((email, index) => {
    const address = email.trim().toLowerCase()
    const valid = address.length <= 254 && z.string().email().safeParse(address).success
    return {
      line: index + 1,
      email: address,
      name: '',
      groups: [],
      groupCreator: false,
      ...(valid ? {} : { problem: 'INVALID_EMAIL' as const }),
    }
  })
  return applyRows(ctx, organizationId, rows, { createMissingGroups: false, auditAction: 'members.addByEmail' })
}
