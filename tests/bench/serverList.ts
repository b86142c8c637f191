// The server list at scale, in real Chromium on the built browser mode: with N servers already in
// {userData}/mcp/servers.json, the time from navigation to the first row on screen, and the page's
// JS heap then (before and after a collection). Goal at 10,000: first row < 1 s, heap < 150 MB.
// Needs `npm run build`. Knobs: SIZES (default "1000,10000"), RUNS per size (default 3),
// TIMEOUT_MS per page load (default 300000: an unvirtualised list takes minutes at 10,000).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { median, ms, report, summary, type Goal } from './support'

const SIZES = (process.env.SIZES ?? '1000,10000').split(',').map(Number)
const RUNS = Number(process.env.RUNS ?? 3)
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 300_000)
const MB = 1024 * 1024

/** A list like a heavy user's: mostly stopped servers, some waiting for approval, tags, descriptions, URLs. */
function serversFile(count: number): string {
  const servers = Array.from({ length: count }, (_, i) => ({
    id: `bench-${i}`,
    name: `server ${String(i).padStart(5, '0')}`,
    ...(i % 3 === 0 ? { description: `reads and writes the notes of team ${i % 97}` } : {}),
    ...(i % 4 === 0 ? { tags: ['notes', `team-${i % 13}`] } : {}),
    ...(i % 5 === 0
      ? { type: 'streamableHttp', baseUrl: `https://mcp.example.com/${i}/mcp` }
      : { type: 'stdio', command: 'npx', args: ['-y', `@example/server-${i}`], env: { API_KEY: `key-${i}-abcdefgh` } }),
    // switched on but never approved: shown as waiting, nothing is started
    isActive: i % 10 === 0,
    installSource: 'import'
  }))
  return JSON.stringify({ version: 1, servers, approvals: {} })
}

/** Browser mode, built, on a fresh user-data folder holding the list; resolves with its address and its stop. */
async function startApp(count: number): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync('out/main/browser.js')) throw new Error('The app is not built: run `npm run build` first.')
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-bench-list-'))
  mkdirSync(join(userDataDir, 'mcp'), { recursive: true })
  writeFileSync(join(userDataDir, 'mcp', 'servers.json'), serversFile(count), { mode: 0o600 })
  const child = spawn(process.execPath, ['out/main/browser.js', '--no-open'], {
    env: { ...process.env, MCP_STUDIO_USER_DATA: userDataDir, MCP_STUDIO_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const stop = () =>
    new Promise<void>((done) => {
      const clean = () => done(rmSync(userDataDir, { recursive: true, force: true }))
      if (child.exitCode !== null) return clean()
      child.once('exit', clean)
      child.kill('SIGTERM')
    })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /MCP Studio running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (match) resolve(match[1])
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output}`)))
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { url, stop }
}

// in-page code as text: this file is type-checked for Node, without the DOM's types
const FIRST_ROW_WATCH = `
  const observer = new MutationObserver(() => {
    if (window.__firstRow !== undefined || !document.querySelector('[data-testid="server-list-item"]')) return
    observer.disconnect()
    requestAnimationFrame(() => (window.__firstRow = performance.now()))
  })
  observer.observe(document, { childList: true, subtree: true })`

interface Run {
  firstRowMs: number
  /** the same page's first paint (the shell, before the list): the part no list size changes */
  firstPaintMs: number
  heapUsedMb: number
  heapAfterGcMb: number
  rowsInDom: number
}

async function measure(count: number): Promise<Run> {
  const app = await startApp(count)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    // the moment the first row is in the DOM, then painted (the next frame), on the page's own clock
    await page.addInitScript(FIRST_ROW_WATCH)
    const cdp = await page.context().newCDPSession(page)
    await page.goto(app.url)
    await page.getByTestId('server-list-item').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS })
    await page.waitForFunction('window.__firstRow !== undefined')
    const firstRowMs = (await page.evaluate('window.__firstRow')) as number
    const firstPaintMs = (await page.evaluate(
      "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"
    )) as number
    const rowsInDom = await page.getByTestId('server-list-item').count()
    const before = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    await cdp.send('HeapProfiler.collectGarbage')
    const after = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    return { firstRowMs, firstPaintMs, heapUsedMb: before.usedSize / MB, heapAfterGcMb: after.usedSize / MB, rowsInDom }
  } finally {
    await browser.close()
    await app.stop()
  }
}

const goals: Goal[] = []
for (const count of SIZES) {
  const runs: Run[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await measure(count))
  const first = median(runs.map((r) => r.firstRowMs))
  const heap = median(runs.map((r) => r.heapUsedMb))
  const heapGc = median(runs.map((r) => r.heapAfterGcMb))
  const extra = { servers: count, runs: RUNS }
  report('server-list', 'first_row_ms', first, extra)
  report('server-list', 'first_paint_ms', median(runs.map((r) => r.firstPaintMs)), extra)
  report('server-list', 'heap_used_mb', heap, extra)
  report('server-list', 'heap_used_after_gc_mb', heapGc, extra)
  report('server-list', 'rows_in_dom', median(runs.map((r) => r.rowsInDom)), extra)
  if (count === 10_000) {
    goals.push({ label: 'first row at 10,000 servers', value: first, shown: ms(first), goal: '< 1000 ms', met: first < 1000 })
    goals.push({ label: 'page JS heap at 10,000 servers', value: heap, shown: `${heap.toFixed(1)} MB`, goal: '< 150 MB', met: heap < 150 })
  }
}
summary('server list at scale (built browser mode, Chromium)', goals)
process.exit(0)
