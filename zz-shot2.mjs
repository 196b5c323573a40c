import { chromium } from '@playwright/test'
const base = 'http://localhost:3917'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await (await browser.newContext()).newPage()
await page.goto(`${base}/signin`)
await page.fill('input[name=email]', 'admin@example.se')
await page.fill('input[name=password]', 'demo-password-1')
await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/signin')), page.press('input[name=password]', 'Enter')])
await page.goto(`${base}/organizations/87584d4b432b20cf2d20d9db/groups`)
console.log(page.url(), (await page.content()).slice(3000, 12000).replace(/<script[\s\S]*?<\/script>/g, ''))
await browser.close()
