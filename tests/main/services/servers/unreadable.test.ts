import { spawn } from 'node:child_process'
import { chmodSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'

afterEach(removeTempDirs)

const SCRIPT = join(ROOT, 'tests/main/services/servers/fixtures/unreadableFile.ts')
// root reads any file whatever its mode: the child then runs as nobody, the file still root's
const AS_ROOT = process.getuid?.() === 0
const NOBODY = 65534

function runAsOther(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, dir], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json'), HOME: dir },
      ...(AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {})
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe.skipIf(process.platform === 'win32')('a servers.json the app may not read (permissions)', () => {
  it('is left where it is, not renamed corrupt-*; the notice says it cannot be read; changes are refused, not written over it', async () => {
    const dir = tempDir()
    const saved = JSON.stringify({ version: 1, servers: [stdio('kept')], approvals: {} })
    writeServersFile(dir, saved)
    // the folders open to the other user, so only the file's own mode stops it
    chmodSync(dir, 0o777)
    chmodSync(join(dir, 'mcp'), 0o777)
    chmodSync(serversFile(dir), 0o000)

    const run = await runAsOther(dir)
    expect(run.code, run.stderr).toBe(0)
    const { notice, added, servers } = JSON.parse(run.stdout) as { notice: { keptAs: string; detail: string }; added: string; servers: number }
    expect(notice.keptAs).toBe(serversFile(dir))
    expect(notice.detail).toMatch(/^it cannot be read \(EACCES/)
    expect(notice.detail).toContain('left as it is')
    expect(added).toContain('cannot be read')
    expect(servers).toBe(0)

    expect(readdirSync(join(dir, 'mcp'))).toEqual(['servers.json'])
    chmodSync(serversFile(dir), 0o600)
    expect(readFileSync(serversFile(dir), 'utf8')).toBe(saved)
  }, 60_000)
})
