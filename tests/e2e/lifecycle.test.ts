import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ServerRegistry } from '../../src/main/services/servers/ServerRegistry'
import { cli } from '../cli/run'
import { fixture, isAlive, readPids, stdioServer, tempDir, waitFor } from '../main/services/helpers'
import { ARTIFACTS, launchChromium, startBuiltApp, watchProblems, type BrowserApp } from './support/browserApp'
import { afterEachTest } from './support/uiSteps'

const pidFile = join(tempDir('mcp-e2e-pids-'), 'pids')
const echo = stdioServer(fixture('pid-echo.mjs'), { name: 'pid-echo', env: { PID_FILE: pidFile } })
const broken = stdioServer(fixture('exit-at-start.mjs'), { name: 'broken' })

let app: BrowserApp
let browser: Browser | undefined
let page: Page

const alive = () => readPids(pidFile).filter(isAlive)
const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const statusOf = (name: string) => row(name).getByTestId('server-status').getAttribute('data-status')
const run = (...args: string[]) => cli(args, { env: { MCP_STUDIO_USER_DATA: app.userDataDir } })

beforeAll(async () => {
  // what an earlier session left: two servers switched on and approved
  app = await startBuiltApp({
    prepare: async (userDataDir) => {
      const registry = new ServerRegistry({ userDataDir })
      await registry.load()
      await registry.add([echo, broken], { approve: true })
      await registry.flush()
    }
  })
})

afterEach(async (context) => {
  if (page) await afterEachTest(page, context, app)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('browser mode runs the servers, the page only shows them', () => {
  it('starts an active, approved server with no page open', async () => {
    await waitFor(() => alive().length === 1, 30_000, 'the server process, with no page open')
  })

  it('an open page shows main’s state, a failure with its reason, and the CLI switching a server off and on without a reload', async () => {
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const problems = watchProblems(page)
    await page.goto(app.url)
    await expect.poll(() => statusOf('pid-echo'), { timeout: 20_000 }).toBe('connected')
    // the page started nothing: still the one process main started
    expect(readPids(pidFile)).toHaveLength(1)
    await expect.poll(() => statusOf('broken'), { timeout: 20_000 }).toBe('error')
    await expect(row('broken').getByTestId('server-error').textContent()).resolves.toContain('API_BASE is not set')
    await page.screenshot({ path: join(ARTIFACTS, 'lifecycle-failed.png') })

    const off = await run('disable', 'pid-echo')
    expect(off.code).toBe(0)
    expect(off.stdout.trim()).toBe('disabled pid-echo')
    await waitFor(() => alive().length === 0, 20_000, 'the process to end after `cli disable`')
    await expect.poll(() => statusOf('pid-echo'), { timeout: 20_000 }).toBe('stopped')
    await expect(row('pid-echo').getByRole('switch').getAttribute('aria-checked')).resolves.toBe('false')

    const on = await run('enable', 'pid-echo')
    expect(on.code).toBe(0)
    await waitFor(() => alive().length === 1, 20_000, 'a new process after `cli enable`')
    await expect.poll(() => statusOf('pid-echo'), { timeout: 20_000 }).toBe('connected')
    expect(readPids(pidFile)).toHaveLength(2)
    expect(problems).toEqual([])
  })
})
