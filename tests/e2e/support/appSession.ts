import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium, startBuiltApp, watchProblems, type BrowserApp } from './browserApp'
import { afterEachTest } from './uiSteps'

export interface AppSession {
  app: BrowserApp
  browser: Browser
  page: Page
  /** console errors, page errors and CSP violations seen so far */
  problems: string[]
}

export interface AppSessionOptions {
  viewport?: { width: number; height: number }
  /** writes into the user-data folder before the app starts (a servers.json, say) */
  prepare?: (userDataDir: string) => void | Promise<void>
  /** before the first navigation: listeners that must see the page load */
  beforeGoto?: (page: Page) => void
  /** more environment for the app, read when it starts (a certificate a test host serves with, say) */
  env?: () => Record<string, string>
}

/**
 * One built app in browser mode and one Chromium page on it for a test file: started before its
 * first test, a failed test's report and left-open dialogs handled after each, all ended after the
 * last. `ready` receives the session once the page has loaded the app.
 */
export function appSession(ready: (session: AppSession) => void, options: AppSessionOptions = {}): void {
  let session: AppSession | undefined
  beforeAll(async () => {
    const app = await startBuiltApp({ prepare: options.prepare, env: options.env?.() })
    const browser = await launchChromium().catch(async (error: unknown) => {
      await app.stop()
      throw error
    })
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 900 } })
    session = { app, browser, page, problems: watchProblems(page) }
    options.beforeGoto?.(page)
    await page.goto(app.url)
    ready(session)
  })
  afterEach(async (context) => {
    if (session) await afterEachTest(session.page, context, session.app)
  })
  afterAll(async () => {
    await session?.browser.close()
    await session?.app.stop()
  })
}
