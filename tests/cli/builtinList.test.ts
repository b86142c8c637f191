import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

describe('cli servers --builtin', () => {
  it('lists every built-in: name, what it does, the args and env it takes, and how to use one', async () => {
    const { code, stdout, stderr } = await cli(['servers', '--builtin'], { env: { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-builtin-') } })
    expect(code).toBe(0)
    expect(stderr).toBe('')
    for (const name of Object.values(BuiltinServerNames)) expect(stdout).toMatch(new RegExp(`^${name}\\t`, 'm'))
    expect(stdout).toContain('@studio/memory\tMemory')
    expect(stdout).toMatch(/@studio\/filesystem\tFilesystem\n.*\n {2}args: FOLDER/)
    expect(stdout).toContain('env: MEMORY_FILE_PATH')
    // presets are ordinary servers, not built-ins
    expect(stdout).not.toContain('flomo')
    expect(stdout).toContain('{"mcpServers":{"@studio/memory":{"type":"inMemory"}}}')
  })

  it('--json gives the same list as parseable JSON and nothing else', async () => {
    const { code, stdout } = await cli(['servers', '--builtin', '--json'], { env: { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-builtin-') } })
    expect(code).toBe(0)
    const listed = JSON.parse(stdout) as Array<{ name: string; title: string; description: string; args: string | null; env: string | null }>
    expect(listed.map((b) => b.name)).toEqual([BuiltinServerNames.memory, BuiltinServerNames.filesystem, BuiltinServerNames.sequentialThinking, BuiltinServerNames.fetch])
    expect(listed[1].args).toContain('FOLDER')
    expect(listed[0]).toMatchObject({ title: 'Memory', args: null })
    for (const b of listed) expect(b.description.length).toBeGreaterThan(20)
  })

  it('--builtin is for servers only', async () => {
    const { code, stderr } = await cli(['tools', 'x', '--builtin'])
    expect(code).toBe(2)
    expect(stderr).toContain('--builtin does not apply to "tools"')
  })

  it('the way it shows works: a built-in in a --config file runs with zero configuration', async () => {
    const userData = tempDir('mcp-cli-builtin-')
    const config = writeConfig({ [BuiltinServerNames.memory]: { type: 'inMemory' } })
    const env = { MCP_STUDIO_USER_DATA: userData }
    const entities = JSON.stringify({ entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote a program'] }] })
    const created = await cli([...config, 'call', BuiltinServerNames.memory, 'create_entities', '--args', entities], { env })
    expect(created.code).toBe(0)
    const read = await cli([...config, 'call', BuiltinServerNames.memory, 'read_graph', '--json'], { env })
    expect(read.code).toBe(0)
    expect(read.stdout).toContain('wrote a program')
    const file = join(userData, 'mcp', 'memory.json')
    expect(existsSync(file) && readFileSync(file, 'utf8')).toContain('"name":"Ada"')
  })
})
