import { chmodSync, existsSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

// a built-in in a config file: nothing to start, its name picks the server
const dir = realpathSync(tempDir('mcp-cli-fs-'))
writeFileSync(join(dir, 'hello.txt'), 'hello')
afterAll(() => {
  for (const folder of [dir, shellDir]) rmSync(folder, { recursive: true, force: true })
})
const config = writeConfig({ fs: { type: 'inMemory', name: '@studio/filesystem', args: [dir] } })
// the one process a server could make the CLI start before its own is the login shell (for its
// environment): this "shell" leaves a mark if anything runs it
const shellDir = tempDir('mcp-cli-shell-')
const shell = join(shellDir, 'marking-shell.sh')
writeFileSync(shell, `#!/bin/sh\ntouch '${join(shellDir, 'shell-ran')}'\nexec /bin/sh "$@"\n`)
chmodSync(shell, 0o755)
const run = (...args: string[]) => cli([...config, ...args], { env: { SHELL: shell } })

describe('cli with a built-in server from --config', () => {
  it('tools lists the filesystem tools; call list_directory lists the folder; a path outside fails with exit 1', async () => {
    const tools = await run('tools', 'fs')
    expect(tools.code).toBe(0)
    expect(tools.stdout).toContain('list_directory\t')
    expect(tools.stdout).toContain('edit_file\t')

    const listed = await run('call', 'fs', 'list_directory', '--args', JSON.stringify({ path: dir }), '--json')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual({ content: [{ type: 'text', text: '[FILE] hello.txt' }] })

    const outside = await run('call', 'fs', 'read_text_file', '--args', JSON.stringify({ path: '/etc/hostname' }))
    expect(outside.code).toBe(1)
    expect(outside.stdout).toBe('')
    expect(outside.stderr).toContain(`Allowed directories: ${dir}`)
    // no process was started for any of it
    expect(existsSync(join(shellDir, 'shell-ran'))).toBe(false)
  })
})
