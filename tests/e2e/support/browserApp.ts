import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

export const ARTIFACTS = resolve('test-results/e2e')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface BrowserApp {
  url: string
  userDataDir: string
  child: ChildProcess
  /** the last of what the app printed (for a failed test's report) */
  output(): string
  stop(): Promise<void>
}

/** what is kept of the app's output: enough for the last few errors */
const OUTPUT_KEPT = 8 * 1024

/**
 * Starts the built browser mode (`node out/main/browser.js`) as a real child process and reads its
 * address. `prepare` writes what an earlier session left in the user-data folder before it starts.
 */
export async function startBuiltApp(options: { prepare?: (userDataDir: string) => void | Promise<void>; env?: Record<string, string> } = {}): Promise<BrowserApp> {
  if (!existsSync('out/main/browser.js') || !existsSync('out/renderer/index.html')) {
    throw new Error('The app is not built: run `npm run build` first (npm test does).')
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'mcp-e2e-'))
  await options.prepare?.(userDataDir)
  const child = spawn(process.execPath, ['out/main/browser.js', '--no-open'], {
    env: { ...process.env, ...options.env, MCP_STUDIO_USER_DATA: userDataDir, MCP_STUDIO_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT)
      const match = /MCP Studio running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output}`)))
  })
  const removeUserData = () => rmSync(userDataDir, { recursive: true, force: true })
  return {
    url,
    userDataDir,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done(removeUserData())
        child.once('exit', () => done(removeUserData()))
        child.kill('SIGTERM')
      })
  }
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`)
  mkdirSync(ARTIFACTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
}

/** Collects what a user would never want to see: console errors, page errors, CSP violations. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /Content Security Policy|deprecated/i.test(msg.text()))) {
      problems.push(`${msg.type()}: ${msg.text()}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}
