import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The serious and critical axe violations of the page as it is now, in a readable shape. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
}
