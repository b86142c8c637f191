import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, connect, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import enEditor from '../../src/renderer/src/i18n/locales/en-US/editor.json'
import enServers from '../../src/renderer/src/i18n/locales/en-US/servers.json'
import zhEditor from '../../src/renderer/src/i18n/locales/zh-CN/editor.json'
import zhServers from '../../src/renderer/src/i18n/locales/zh-CN/servers.json'
import { ARTIFACTS, launchChromium, startBuiltApp, watchProblems, type BrowserApp } from './support/browserApp'
import { afterEachTest, chooseAddMenuItem, downloadFrom, EVERYTHING, typeImportJson } from './support/uiSteps'
import { PNG_1PX } from '../fixtures/images'


let app: BrowserApp
let browser: Browser
let page: Page
let problems: string[]
let http: { url: string; child: ChildProcess }
/** what server-everything lists, asked directly with the SDK: the oracle for the tool count */
let everythingTools: number

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => done(port))
    })
  })
}

async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((r) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), r(true)))
      socket.once('error', () => r(false))
    })
    if (open) return
    if (Date.now() > end) throw new Error(`server-everything did not listen on ${port}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function countTools(): Promise<number> {
  // the capabilities the app's client declares: server-everything offers some tools only to clients that have them
  const client = new Client(
    { name: 'e2e-oracle', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } }
  )
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }))
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }))
  try {
    return (await client.listTools()).tools.length
  } finally {
    await client.close()
  }
}

beforeAll(async () => {
  const port = await freePort()
  const child = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' })
  http = { url: `http://127.0.0.1:${port}/mcp`, child }
  await waitForPort(port)
  everythingTools = await countTools()
  app = await startBuiltApp()
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  problems = watchProblems(page)
  await page.goto(app.url)
  await page.getByTestId('server-list-empty').waitFor()
})

// a failed test leaves a screenshot, and no dialog over the next test's screen
afterEach((context) => afterEachTest(page, context, app))

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  if (http?.child.exitCode === null) {
    await new Promise<void>((done) => {
      http.child.once('exit', () => done())
      http.child.kill('SIGKILL')
    })
  }
})

const persisted = () => join(app.userDataDir, 'mcp', 'servers.json')
const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const statusOf = (name: string) => row(name).getByTestId('server-status').getAttribute('data-status')
/** the server names in main's saved list, in their saved order */
const savedNames = (): string[] => {
  try {
    return (JSON.parse(readFileSync(persisted(), 'utf8')) as { servers: Array<{ name: string }> }).servers.map((s) => s.name)
  } catch {
    return []
  }
}
const names = () => page.getByTestId('server-list-item').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.serverName))

const importJson = (json: string) => typeImportJson(page, json)

/** a screenshot once the page is still: no dialog fading out, no theme transition running */
async function snap(name: string) {
  // endless ones (a blinking cursor, a spinner) never finish: only the finite ones are waited for
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
  )
  await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true })
}

/** Where the browser wrapped an element's text: the characters either side of each line break. */
function wrapPoints(element: Locator) {
  return element.evaluate((root) => {
    const points: Array<[string, string]> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    let last: { char: string; top: number } | undefined
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const rect = range.getClientRects()[0]
        if (!rect) continue
        if (last && rect.top > last.top + 2) points.push([last.char, text[i]])
        last = { char: text[i], top: rect.top }
      }
    }
    return points
  })
}

async function pick(testId: string, label: string) {
  await page.getByTestId(testId).getByText(label, { exact: true }).click()
}

/** Every English string of these screens that has a different Chinese translation, placeholders cut out. */
function englishOnly(): string[] {
  const leaves = (value: unknown, path: string[] = []): Array<[string, string]> =>
    typeof value === 'string'
      ? [[path.join('.'), value]]
      : Object.entries(value as object).flatMap(([k, v]) => leaves(v, [...path, k]))
  const zh = new Map([...leaves(zhServers), ...leaves(zhEditor)])
  return [...leaves(enServers), ...leaves(enEditor)]
    .filter(([key, en]) => zh.get(key) !== en)
    .flatMap(([, en]) => en.split(/\{\{\s*\w+\s*\}\}/))
    .map((part) => part.trim().replace(/^[^A-Za-z]+|[^A-Za-z.…]+$/g, ''))
    // UI words are capitalized or several words; a lone lowercase word ("server", "debug") also
    // appears in commands, paths and log lines, so it would match by accident
    .filter((part) => part.length >= 4 && (/^[A-Z]/.test(part) || part.includes(' ')))
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** the English strings found as whole words in the text */
const foundIn = (text: string, english: string[]) => english.filter((s) => new RegExp(`(^|[^A-Za-z])${escape(s)}($|[^A-Za-z])`).test(text))

describe('MCP servers in a real browser (browser mode, real servers)', () => {
  it('adds server-everything over stdio by JSON import: the full command is shown, then it connects with its tool count', async () => {
    const config = { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } }
    await importJson(JSON.stringify(config, null, 2))
    await expect.poll(() => page.getByTestId('import-command').first().textContent()).toBe(`${process.execPath} ${EVERYTHING} stdio`)
    // the long command wraps, but only at a space, after a path separator or a hyphen: no "everythin g"
    const breaks = await wrapPoints(page.getByTestId('import-command').first())
    expect(breaks.length).toBeGreaterThan(0)
    for (const [before, after] of breaks) expect(`${before}|${after}`).toMatch(/^[ /\\-]\||^.\| /)
    await page.getByTestId('import-submit').click()
    await expect.poll(() => statusOf('everything'), { timeout: 30_000 }).toBe('connected')
    await expect.poll(() => row('everything').getByTestId('server-tool-count').getAttribute('data-count'), { timeout: 15_000 }).toBe(String(everythingTools))
    expect(everythingTools).toBeGreaterThan(3)
  })

  it('adds a second server over Streamable HTTP', async () => {
    await importJson(JSON.stringify({ mcpServers: { 'everything-http': { type: 'streamableHttp', url: http.url } } }))
    await expect.poll(() => page.getByTestId('import-command').first().textContent()).toBe(http.url)
    await page.getByTestId('import-submit').click()
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' })
    await expect.poll(() => statusOf('everything-http'), { timeout: 30_000 }).toBe('connected')
    await expect.poll(() => row('everything-http').getByTestId('server-type').textContent()).toBe('Streamable HTTP')
    await expect.poll(() => row('everything-http').getByTestId('server-tool-count').getAttribute('data-count'), { timeout: 15_000 }).toBe(String(everythingTools))
    await snap('servers-list.png')
  })

  it('exports the list as an mcpServers file that names both servers', async () => {
    await chooseAddMenuItem(page, 'add-menu-export')
    await page.getByTestId('export-json').locator('.cm-content').waitFor()
    const download = await downloadFrom(page, 'export-download')
    expect(download.suggestedFilename()).toBe('mcp-servers.json')
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { mcpServers: Record<string, { command?: string; url?: string }> }
    expect(file.mcpServers.everything).toMatchObject({ command: process.execPath, args: [EVERYTHING, 'stdio'] })
    expect(file.mcpServers['everything-http']).toMatchObject({ type: 'streamableHttp', url: http.url })
    await page.keyboard.press('Escape')
    await page.getByTestId('export-dialog').waitFor({ state: 'detached' })
  })

  it('a broken JSON import names the field and saves nothing', async () => {
    await expect.poll(savedNames, { timeout: 10_000 }).toEqual(['everything', 'everything-http'])
    const before = readFileSync(persisted(), 'utf8')
    await importJson('{ "mcpServers": { "bad": { "command": "node", "args": "--not-a-list" } } }')
    const issue = page.getByTestId('import-issue').first()
    await expect.poll(() => issue.textContent()).toMatch(/Server “bad”, field “args”/)
    expect(await issue.getAttribute('data-field')).toBe('args')
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true)
    await page.getByTestId('import-cancel').click()
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' })
    expect(await names()).toEqual(['everything', 'everything-http'])
    expect(readFileSync(persisted(), 'utf8')).toBe(before)
  })

  it('reorders with the keyboard (dnd-kit: Space, arrow, Space) and keeps the order', async () => {
    const handle = row('everything').getByTestId('server-drag-handle')
    await handle.focus()
    await page.keyboard.press('Space')
    // each step waits for dnd-kit to take it: picked up (aria-pressed), then over the next row (its announcement)
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true')
    // dnd-kit starts listening for the arrows a timer tick after the pick-up shows, and a key before
    // that is lost; with two rows, pressing again until it moves cannot overshoot
    const over = page.getByText('everything is over position 2.')
    await expect
      .poll(async () => {
        if (await over.count()) return true
        await page.keyboard.press('ArrowDown')
        return (await over.count()) > 0
      }, { timeout: 10_000 })
      .toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(names).toEqual(['everything-http', 'everything'])
    await expect.poll(savedNames, { timeout: 10_000 }).toEqual(['everything-http', 'everything'])
    // and back with Alt+Up
    await row('everything').getByTestId('server-drag-handle').focus()
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(names).toEqual(['everything', 'everything-http'])
  })

  it('opens the editor: General shows the config, the tab labels count tools', async () => {
    await row('everything').getByTestId('server-edit').click()
    await page.getByTestId('general-tab').waitFor()
    expect(await page.getByTestId('editor-command').inputValue()).toBe(process.execPath)
    expect(await page.getByTestId('editor-args').inputValue()).toBe(`${EVERYTHING}\nstdio`)
    await expect.poll(() => page.getByTestId('editor-tab-tools').textContent()).toBe(`Tools (${everythingTools})`)
    await snap('server-editor.png')
  })

  it('the Logs tab shows the live log of the server, filterable', async () => {
    await page.getByTestId('editor-tab-logs').click()
    await page.getByTestId('logs-tab').waitFor()
    await expect.poll(() => page.getByTestId('logs-entry').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const total = Number(await page.getByTestId('logs-count').getAttribute('data-total'))
    expect(total).toBeGreaterThan(0)
    await snap('logs-tab.png')
    await page.getByTestId('logs-export').click()
    const download = await downloadFrom(page, 'logs-export-log')
    expect(download.suggestedFilename()).toMatch(/^everything-.*\.log$/)
    const exported = readFileSync((await download.path())!, 'utf8')
    // a line may arrive while the file is written: at least what was shown, in the file's format
    expect(exported.trim().split('\n').length).toBeGreaterThanOrEqual(total)
    expect(exported).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (INFO|STDERR) /m)
    await page.getByTestId('logs-search').getByRole('searchbox').fill('no line says this 1234')
    await expect.poll(() => page.getByTestId('logs-entry').count()).toBe(0)
    await page.getByTestId('logs-search').getByRole('searchbox').fill('')
    await expect.poll(() => page.getByTestId('logs-entry').count()).toBeGreaterThan(0)
    // a reload keeps the user on this tab (the route is in the URL)
    await page.reload()
    await page.getByTestId('logs-tab').waitFor()
    await page.getByTestId('editor-back').click()
    await page.getByTestId('server-list').waitFor()
  })

  it('in Chinese, no English string of these screens is left', async () => {
    const english = englishOnly()
    expect(english.length).toBeGreaterThan(50)
    await pick('language-select', '简体中文')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    try {
      await checkChinese(english)
    } finally {
      // later tests click English labels, whatever happened here
      if (await page.getByTestId('import-dialog').isVisible()) await page.getByTestId('import-cancel').click()
      await pick('language-select', 'English')
    }
  })

  async function checkChinese(english: string[]) {
    const leftovers = async () => {
      // what servers wrote (log lines) and what the config parser says is wrong are their text, not
      // our strings (the parser's own messages are a separate issue: zod's are translated)
      const text = await page.evaluate(() => {
        let all = document.body.innerText
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid="logs-list"], [data-testid="import-issue-detail"]')) {
          all = all.replace(el.innerText, '')
        }
        return all
      })
      return foundIn(text, english)
    }
    await expect.poll(leftovers).toEqual([])
    await row('everything').getByTestId('server-edit').click()
    await page.getByTestId('general-tab').waitFor()
    await page.getByTestId('editor-advanced').click()
    expect(await leftovers()).toEqual([])
    await page.getByTestId('editor-tab-logs').click()
    await page.getByTestId('logs-tab').waitFor()
    expect(await leftovers()).toEqual([])
    await page.getByTestId('editor-back').click()
    await importJson('{ "mcpServers": { "x": { "command": "node", "args": 1 } } }')
    await page.getByTestId('import-issue').first().waitFor()
    expect((await page.getByTestId('import-issue').first().textContent()) ?? '').toMatch(/^服务器“x”的字段“args”：/)
    // zod's message, in Chinese
    expect((await page.getByTestId('import-issue-detail').first().textContent()) ?? '').toMatch(/[\u4e00-\u9fff]/)
    expect(await leftovers()).toEqual([])
    // a two-character label reads as written, not spaced out ("取 消")
    expect(await page.getByTestId('import-cancel').innerText()).toBe(zhServers.serverImport.cancel)
    await snap('servers-import-zh.png')
  }

  it('dark theme', async () => {
    await pick('theme-select', 'Dark')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await snap('servers-dark.png')
    await row('everything').getByTestId('server-edit').click()
    await page.getByTestId('editor-tab-logs').click()
    await page.getByTestId('logs-tab').waitFor()
    await snap('logs-tab-dark.png')
    await page.getByTestId('editor-back').click()
    await pick('theme-select', 'Light')
  })

  it('stops a server with its switch and deletes one after confirmation', async () => {
    await row('everything-http').getByTestId('server-switch').click()
    await expect.poll(() => statusOf('everything-http')).toBe('stopped')
    await row('everything-http').getByTestId('server-delete').click()
    await page.getByTestId('server-delete-confirm').click()
    await expect.poll(names).toEqual(['everything'])
  })

  it("a VS Code file's inputs are asked for; the value typed goes into the command the server starts with", async () => {
    const file = {
      inputs: [
        { type: 'promptString', id: 'transport', description: 'Transport of server-everything' },
        { type: 'promptString', id: 'token', description: 'Access token', password: true }
      ],
      servers: { 'vscode-everything': { type: 'stdio', command: process.execPath, args: [EVERYTHING, '${input:transport}'], env: { ACCESS_TOKEN: '${input:token}' } } }
    }
    await importJson(JSON.stringify(file, null, 2))
    const inputs = page.getByTestId('import-inputs')
    await inputs.waitFor()
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true)
    await page.getByTestId('import-input-transport').fill('stdio')
    await page.getByTestId('import-input-token').fill('tok-e2e-1234')
    expect(await page.getByTestId('import-input-token').getAttribute('type')).toBe('password')
    await snap('servers-import-inputs.png')
    await page.getByTestId('import-submit').click()
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' })
    // with "${input:transport}" left in its args server-everything would not start
    await expect.poll(() => statusOf('vscode-everything'), { timeout: 30_000 }).toBe('connected')
    expect(await row('vscode-everything').getByTestId('server-target').textContent()).toBe(`${process.execPath} ${EVERYTHING} stdio`)
  })

  it('a web logo set in Advanced shows in the editor and the list, fetched by main (the CSP allows no other host)', async () => {
    const logos = createHttpServer((req, res) => {
      if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX)
      else res.writeHead(404).end()
    })
    await new Promise<void>((done) => logos.listen(0, '127.0.0.1', done))
    const base = `http://127.0.0.1:${(logos.address() as AddressInfo).port}`
    try {
      await row('everything').getByTestId('server-edit').click()
      await page.getByTestId('editor-advanced').click()
      await page.getByTestId('editor-logoUrl').fill(`${base}/gone.png`)
      await expect.poll(() => page.getByTestId('editor-logo-error').textContent(), { timeout: 15_000 }).toContain('the server answered HTTP 404')
      await page.getByTestId('editor-logoUrl').fill(`${base}/logo.png`)
      await page.getByTestId('editor-logo-preview').locator('img').waitFor()
      await page.getByTestId('editor-save').click()
      await page.getByTestId('editor-back').click()
      const logo = row('everything').getByTestId('server-logo').locator('img')
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1)
      expect(await logo.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    } finally {
      await new Promise((done) => logos.close(done))
    }
  })

  it('logged no console errors, page errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
