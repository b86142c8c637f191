import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RuntimePathStore, runtimePathsFile } from '../../src/main/services/runtimes/runtimePaths'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

/**
 * A small executable shell script. Written by a shell of its own: a file this process held open
 * for writing while another test forked would fail to run with ETXTBSY.
 */
function script(dir: string, name: string, body: string): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  execFileSync('/bin/sh', ['-c', 'printf "%s\\n" "$1" > "$2" && chmod 755 "$2"', 'sh', `#!/bin/sh\n${body}`, file])
  return file
}

/** The CLI with a PATH that holds node and uvx only; no login shell to rebuild it, no bundled tools. */
function runtimesCli(bin: string, userData: string, ...flags: string[]) {
  return cli(['runtimes', ...flags], { env: { PATH: bin, SHELL: join(bin, 'no-such-shell'), MCP_STUDIO_USER_DATA: userData, MCP_STUDIO_BIN_DIR: tempDir('mcp-rt-nobin-') } })
}

describe('cli runtimes', () => {
  it('--json: each runtime found with its path and version, or missing with where to get it', async () => {
    const bin = tempDir('mcp-rt-cli-')
    script(bin, 'node', 'echo v22.3.0')
    script(bin, 'uvx', 'echo "uvx 0.4.18"')
    const { code, stdout } = await runtimesCli(bin, tempDir('mcp-rt-cli-data-'), '--json')
    expect(code).toBe(0)
    const by = Object.fromEntries((JSON.parse(stdout) as { runtime: string }[]).map((r) => [r.runtime, r]))
    expect(Object.keys(by)).toEqual(['node', 'uv', 'bun', 'python', 'docker'])
    expect(by.node).toMatchObject({ found: true, path: join(bin, 'node'), version: '22.3.0', source: 'path' })
    expect(by.uv).toMatchObject({ found: true, path: join(bin, 'uvx'), version: '0.4.18' })
    expect(by.docker).toMatchObject({ found: false, getItFrom: 'https://docs.docker.com/get-started/get-docker/' })
    expect(by.bun).toMatchObject({ found: false, getItFrom: 'https://bun.sh' })
  })

  it('in words, with a path set in the app winning over the PATH', async () => {
    const bin = tempDir('mcp-rt-cli-')
    script(bin, 'node', 'echo v22.3.0')
    const userData = tempDir('mcp-rt-cli-data-')
    const mine = script(tempDir('mcp-rt-mine-'), 'python3', 'echo "Python 3.13.1"')
    await new RuntimePathStore(runtimePathsFile(userData)).set('python', mine)
    const { code, stdout } = await runtimesCli(bin, userData)
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines.find((l) => l.startsWith('node '))).toMatch(new RegExp(`found +22\\.3\\.0 +${join(bin, 'node')}`))
    expect(lines.find((l) => l.startsWith('python '))).toMatch(new RegExp(`found +3\\.13\\.1 +${mine} \\(set in Runtimes\\)`))
    expect(lines.find((l) => l.startsWith('uv '))).toContain('missing  — install uv: https://docs.astral.sh/uv/getting-started/installation/')
  })
})
