// TEMPORARY (helper's iteration config; removed before hand-off)
import base from '../../../playwright.config'
export default { ...base, testDir: '../../e2e', outputDir: '../../../test-results/playwright-dev', webServer: (base.webServer as any[]).map((w) => ({ ...w, reuseExistingServer: true })) }
