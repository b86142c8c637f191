import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, fixture, isAlive, readPids, tempDir, waitFor } from '../services/helpers'

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
const dirs: string[] = []
const leftovers: number[] = []
afterEach(() => {
  for (const pid of leftovers.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

describe('the crash guard (browser mode and the CLI)', () => {
  it('an error nobody caught ends the process and every server it started, one in its handshake too', async () => {
    const dir = tempDir('mcp-crash-')
    dirs.push(dir)
    const pidFile = join(dir, 'pids')
    const host = spawn(process.execPath, [TSX, '--tsconfig', join(ROOT, 'tsconfig.node.json'), join(ROOT, 'tests/main/processes/fixtures/crashingHost.ts'), dir, fixture('ignore-stdin.mjs'), fixture('hang-initialize.mjs'), pidFile], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    host.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    host.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const exited = new Promise<number | null>((resolve) => host.once('exit', (code) => resolve(code)))

    await waitFor(() => stdout.includes('ready') && readPids(pidFile).length === 2, 30_000, 'both servers to start')
    const servers = readPids(pidFile)
    leftovers.push(...servers)
    expect(servers.every(isAlive)).toBe(true)

    host.stdin.write('crash\n')
    expect(await exited).toBe(1)
    expect(stderr).toContain('stopped on: a bug nobody caught')
    await waitFor(() => !servers.some(isAlive), 10_000, 'the servers to be gone')
  })
})
