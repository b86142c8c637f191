import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, tempDir } from '../services/helpers'

const run = promisify(execFile)
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

/**
 * The Electron binary cannot be downloaded here, so the script runs on a stand-in with Electron's
 * real fuse wire layout (sentinel, version 1, length, one byte per fuse) amid other bytes — with
 * every fuse in Electron's default state: the dangerous ones on.
 */
function fakeElectron(): string {
  const dir = tempDir('mcp-fuses-')
  dirs.push(dir)
  const file = join(dir, 'mcp-studio')
  const defaults = '11110001' // RunAsNode, cookie encryption, NODE_OPTIONS, --inspect on; asar checks off; file:// privileged
  writeFileSync(file, Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(SENTINEL), Buffer.from([1, 8]), Buffer.from(defaults), Buffer.alloc(4096, 9)]))
  return file
}

describe('Electron fuses (set at package time)', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and turns on asar-only with integrity checks', async () => {
    const file = fakeElectron()
    const before = readFileSync(file)
    const { stdout } = await run(process.execPath, [join(ROOT, 'scripts/electronFuses.mjs'), file])
    expect(stdout.trim().split('\n')).toEqual([
      'RunAsNode: off',
      'EnableCookieEncryption: on',
      'EnableNodeOptionsEnvironmentVariable: off',
      'EnableNodeCliInspectArguments: off',
      'EnableEmbeddedAsarIntegrityValidation: on',
      'OnlyLoadAppFromAsar: on',
      'LoadBrowserProcessSpecificV8Snapshot: off',
      'GrantFileProtocolExtraPrivileges: off'
    ])
    // only the wire changed: the rest of the binary is byte for byte what it was
    const after = readFileSync(file)
    const wireAt = before.indexOf(SENTINEL) + SENTINEL.length + 2
    expect(after.subarray(wireAt, wireAt + 8).toString()).toBe('01001100')
    expect(Buffer.concat([after.subarray(0, wireAt), after.subarray(wireAt + 8)])).toEqual(Buffer.concat([before.subarray(0, wireAt), before.subarray(wireAt + 8)]))
  })

  it('a file that is not an Electron binary is a clear error, exit 1', async () => {
    const dir = tempDir('mcp-fuses-')
    dirs.push(dir)
    const file = join(dir, 'not-electron')
    writeFileSync(file, 'hello')
    const failed = await run(process.execPath, [join(ROOT, 'scripts/electronFuses.mjs'), file]).catch((error: { code: number; stderr: string }) => error)
    expect(failed).toMatchObject({ code: 1 })
    expect((failed as { stderr: string }).stderr).toContain(`Could not set the fuses of ${file}: Could not find sentinel`)
  })
})
