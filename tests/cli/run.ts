import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, tempDir } from '../main/services/helpers'
import { builtCli, testUserData } from './builtCli'
import { stopChildren } from './stopChildren'

/** Spawns the real CLI (out/cli/index.js, as `npm run cli` runs it) in its own process. */
const CLI = builtCli()

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

export interface RunOptions {
  env?: Record<string, string>
  /** sees all stderr so far after each chunk (to send Ctrl-C at the right moment) */
  onStderr?: (text: string, child: ChildProcess) => void
  /** its own process group, as a terminal's foreground job: a signal to `-pid` reaches all of it */
  group?: boolean
  onSpawn?: (child: ChildProcess) => void
}

const running = new Set<ChildProcess>()

export function cli(args: string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, MCP_STUDIO_USER_DATA: testUserData, ...options.env }, detached: options.group ?? false })
    running.add(child)
    options.onSpawn?.(child)
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
      options.onStderr?.(stderr, child)
    })
    child.once('error', reject)
    child.once('close', (code) => {
      running.delete(child)
      resolve({ code, stdout, stderr })
    })
  })
}

/**
 * afterEach: a CLI a failed test left running gets SIGTERM, which it handles like Ctrl-C (its
 * servers are stopped), then SIGKILL if it does not go.
 */
export function stopStrayClis(): Promise<void> {
  return stopChildren(running)
}

/** A config file with the given mcpServers; returns the `--config` args for `cli`. */
export function writeConfig(mcpServers: Record<string, unknown>): string[] {
  const file = join(tempDir('mcp-cli-'), 'mcp.json')
  writeFileSync(file, JSON.stringify({ mcpServers }))
  return ['--config', file]
}

/** The lab fixture with its own EVENTS_FILE (what reached it) and PID_FILE. */
export function labServer(): { config: Record<string, unknown>; events: () => string[]; pids: () => number[] } {
  const dir = tempDir('mcp-cli-lab-')
  const eventsFile = join(dir, 'events')
  const pidFile = join(dir, 'pid')
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean)
    } catch {
      return []
    }
  }
  return {
    config: { command: 'node', args: [join(ROOT, 'tests/fixtures/servers/lab.mjs')], env: { EVENTS_FILE: eventsFile, PID_FILE: pidFile } },
    events: () => read(eventsFile),
    /** one per start, in order */
    pids: () => read(pidFile).map(Number)
  }
}

/** stderr lines in the CLI's progress format */
export const progressLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('progress: '))
