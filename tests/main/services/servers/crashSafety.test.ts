import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, openRegistry, removeTempDirs, tempDir } from './helpers'

afterEach(removeTempDirs)

const SCRIPT = join(ROOT, 'tests/main/services/servers/fixtures/rapidWrites.ts')

/**
 * Runs the writer in its own process and SIGKILLs it once it reported `killAfter` writes.
 * tsx reads the root tsconfig.json by default, which has no path aliases: point it at
 * tsconfig.node.json so `@shared/*` resolves in the child.
 */
function writeUntilKilled(dir: string, killAfter: number): Promise<{ reported: number; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, dir], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') }
    })
    let reported = 0
    let stderr = ''
    let buffered = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop()!
      for (const line of lines) reported = Math.max(reported, Number(line))
      if (reported >= killAfter && child.exitCode === null) child.kill('SIGKILL')
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (_code, signal) => resolve({ reported, signal, stderr }))
  })
}

describe('kill -9 during 200 rapid writes', () => {
  it('never leaves an unreadable file (three different kill points)', async () => {
    for (const killAfter of [10, 35, 70]) {
      const dir = tempDir()
      const { reported, signal, stderr } = await writeUntilKilled(dir, killAfter)
      expect(stderr).toBe('')
      expect(signal).toBe('SIGKILL')
      expect(reported).toBeGreaterThanOrEqual(killAfter)

      const registry = await openRegistry(dir)
      const { notice, servers, broken } = registry.snapshot()
      expect(notice).toBeUndefined()
      expect(broken).toEqual([])
      // each server's description names the last write that touched it: odd writes add, even ones update
      const landed = Math.max(...servers.map((server) => Number(server.ui?.description!.replace('write ', ''))))
      expect(landed).toBeGreaterThanOrEqual(reported)
      expect(landed).toBeLessThanOrEqual(200)
      expect(servers).toHaveLength(Math.ceil(landed / 2))
      expect(servers.map((server) => server.id)).toEqual(servers.map((_, index) => `s${index * 2 + 1}`))
      // the killed writer's temp file, if any, is gone
      expect(readdirSync(join(dir, 'mcp'))).toEqual(['servers.json'])
    }
  })
})
