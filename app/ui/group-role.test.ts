import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GROUP_ROLES, roleFlagsOf } from '~/services/groups/group-roles'

/**
 * The stylesheet draws a role's flags as the layers of one mask (`.role-flags-<role>` in
 * app/styles/app.css, docs/testing.md "Benchmark"): they must be the role table's flags, in its order, and as many as
 * the width it reserves (`--flags`).
 */
describe('the role icons of the stylesheet', () => {
  const css = readFileSync(join(__dirname, '..', 'styles', 'app.css'), 'utf8')
  it.each(GROUP_ROLES)('%s: the flags of roleFlagsOf, in order', (role) => {
    const rule = new RegExp(`\\.role-flags-${role} \\{([^}]*)\\}`).exec(css)?.[1]
    expect(rule, `.role-flags-${role} in app.css`).toBeDefined()
    const masks = /--flag-masks:([^;]*);/.exec(rule!)?.[1] ?? ''
    const drawn = [...masks.matchAll(/var\(--flag-(\w+)\)/g)].map((m) => m[1])
    expect(drawn).toEqual([...roleFlagsOf(role)])
    expect(Number(/--flags:\s*(\d+)/.exec(rule!)?.[1])).toBe(roleFlagsOf(role).length)
  })
  it('defines every flag it draws', () => {
    for (const flag of new Set(GROUP_ROLES.flatMap((r) => roleFlagsOf(r)))) expect(css).toContain(`--flag-${flag}: url(`)
  })
})
