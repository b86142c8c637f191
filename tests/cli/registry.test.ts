import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ServerRegistry } from '../../src/main/services/servers/ServerRegistry'
import { EVERYTHING, fixture, tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

/** a guard for tests that start the CLI several times on a loaded machine */
const SPAWNS = 120_000

/** The CLI on its own user-data folder, as the app would have it. */
function app() {
  const userData = tempDir('mcp-cli-registry-')
  const env = { MCP_STUDIO_USER_DATA: userData }
  const file = (name: string, content: unknown) => {
    const path = join(tempDir('mcp-cli-file-'), name)
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
    return path
  }
  return { userData, env, file, run: (...args: string[]) => cli(args, { env }) }
}

describe("the CLI on MCP Studio's saved list", () => {
  it('import FILE adds its servers (approved), servers lists them, check connects, remove takes one out', async () => {
    const { run, file, userData } = app()
    const config = file('mcp.json', {
      mcpServers: {
        everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
        remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer sk-cli-secret-123' } }
      }
    })
    const imported = await run('import', config)
    expect(imported.code).toBe(0)
    expect(imported.stdout.trim()).toBe('imported 2 servers: everything, remote')

    const listed = await run('servers')
    expect(listed.stdout).toContain(`everything\tstdio\tapproved\tnode ${EVERYTHING} stdio`)
    expect(listed.stdout).toContain('remote\tstreamableHttp\tapproved\thttp://127.0.0.1:9/mcp')

    const checked = await run('check', 'everything')
    expect(checked.code).toBe(0)
    expect(checked.stdout).toMatch(/^ok: \d+ tools$/m)

    // the app reads the same list
    const registry = new ServerRegistry({ userDataDir: userData })
    await registry.load()
    expect(registry.snapshot().servers.map((s) => s.name)).toEqual(['everything', 'remote'])

    const removed = await run('remove', 'remote')
    expect(removed.code).toBe(0)
    expect(removed.stdout.trim()).toBe('removed remote')
    expect((await run('servers', '--json')).stdout).not.toContain('remote')
    const unknown = await run('remove', 'remote')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no server named "remote"')
  }, SPAWNS)

  it('a name already in the list is refused, a bad file names its field; either way nothing changes (exit 2)', async () => {
    const { run, file, userData } = app()
    expect((await run('import', file('a.json', { mcpServers: { echo: { command: 'node', args: [fixture('pid-echo.mjs')] } } }))).code).toBe(0)
    const saved = readFileSync(join(userData, 'mcp', 'servers.json'), 'utf8')

    const twice = await run('import', file('b.json', { mcpServers: { fresh: { command: 'node' }, echo: { command: 'uvx', args: ['other'] } } }))
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('a server named "echo" already exists')
    expect(twice.stderr).toContain('nothing imported')

    const bad = await run('import', file('c.json', { mcpServers: { good: { command: 'node' }, broken: { command: 'node', args: 'not-an-array' } } }))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('server "broken", field "args"')

    expect(readFileSync(join(userData, 'mcp', 'servers.json'), 'utf8')).toBe(saved)
  }, SPAWNS)

  it('a filesystem built-in on a folder that does not exist is refused, naming the folder (exit 2)', async () => {
    const { run, file, userData } = app()
    const gone = join(userData, 'no-such-folder')
    const refused = await run('import', file('fs.json', { mcpServers: { files: { type: 'inMemory', name: '@studio/filesystem', args: [gone] } } }))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`nothing imported: the folder "${gone}" in args does not exist`)
    expect((await run('servers', '--json')).stdout).not.toContain('@studio/filesystem')

    const ok = await run('import', file('fs.json', { mcpServers: { files: { type: 'inMemory', name: '@studio/filesystem', args: [userData] } } }))
    expect(ok.code).toBe(0)
  }, SPAWNS)

  it('a saved server the user has not approved does not run until approved; approve shows what it runs', async () => {
    const { run, userData } = app()
    // added in the app (a deep link, an import whose dialog was never confirmed)
    const registry = new ServerRegistry({ userDataDir: userData })
    await registry.load()
    await registry.add([{ id: 'e1', name: 'everything', type: 'stdio', command: 'node', args: [EVERYTHING, 'stdio'], env: { API_KEY: 'hidden-value-42' }, installSource: 'deeplink' }])
    await registry.flush()

    expect((await run('servers')).stdout).toContain('everything\tstdio\tneeds approval')
    const refused = await run('check', 'everything')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('has not been approved')
    expect(refused.stderr).toContain('cli approve everything')
    expect(refused.stdout).toBe('')

    const approved = await run('approve', 'everything')
    expect(approved.code).toBe(0)
    // the whole command line and the names (never the values) of its variables
    expect(approved.stdout).toContain(`node ${EVERYTHING} stdio`)
    expect(approved.stdout).toContain('env: API_KEY')
    expect(approved.stdout).not.toContain('hidden-value-42')
    expect((await run('check', 'everything')).code).toBe(0)
  }, SPAWNS)

  it('enable and disable flip the active switch the app follows; enabling does not approve', async () => {
    const { run, userData } = app()
    const registry = new ServerRegistry({ userDataDir: userData })
    await registry.load()
    await registry.add([{ id: 'e1', name: 'everything', type: 'stdio', command: 'node', args: [EVERYTHING, 'stdio'], isActive: false, installSource: 'deeplink' }])
    await registry.flush()
    const active = async () => {
      await registry.sync()
      return registry.get('e1')?.isActive
    }

    const on = await run('enable', 'everything')
    expect(on.code).toBe(0)
    expect(on.stdout.trim()).toBe('enabled everything (it runs once approved: cli approve "everything")')
    expect(await active()).toBe(true)
    expect(registry.isApproved('e1')).toBe(false)

    const off = await run('disable', 'everything', '--json')
    expect(off.code).toBe(0)
    expect(JSON.parse(off.stdout)).toEqual({ disabled: 'everything', approved: false })
    expect(await active()).toBe(false)

    const unknown = await run('enable', 'nothing')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no server named "nothing"')
  }, SPAWNS)

  it('import, remove, approve, enable and disable change the saved list only: --config is refused', async () => {
    const { run, file } = app()
    const config = file('x.json', { mcpServers: { x: { command: 'node' } } })
    for (const command of ['remove', 'enable', 'disable']) {
      const refused = await run('--config', config, command, 'x')
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('takes no --config')
    }
  }, SPAWNS)
})
