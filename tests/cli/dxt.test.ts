import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { appIdentity } from '../../src/main/appIdentity'
import { helloArchive, helloManifest } from '../main/extensions/archives'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

/** a guard for tests that start the CLI several times on a loaded machine */
const SPAWNS = 120_000

async function archiveFile(manifest = helloManifest()): Promise<string> {
  const file = join(tempDir('mcp-cli-dxt-file-'), 'hello.mcpb')
  writeFileSync(file, await helloArchive(manifest))
  return file
}

describe('cli dxt: desktop extensions from the command line', () => {
  it('install (a required setting missing is exit 2 naming it), list, use it as an ordinary server, remove', async () => {
    const userData = tempDir('mcp-cli-dxt-')
    const run = (...args: string[]) => cli(args, { env: { MCP_STUDIO_USER_DATA: userData } })
    const file = await archiveFile()
    const folder = join(userData, 'mcp', 'extensions', 'hello-extension')

    const missing = await run('dxt', 'install', file)
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim()).toBe('error: "Hello Extension" needs a value for "Greeting" (user_config.greeting): pass --user-config greeting=VALUE')
    expect(existsSync(folder)).toBe(false)

    const installed = await run('dxt', 'install', file, '--user-config', 'greeting=Salut', '--user-config', 'api_key=sk-cli-extension-secret')
    expect(installed.code).toBe(0)
    expect(installed.stdout).toBe(`installed hello-extension 1.0.0 as server "Hello Extension" (unsigned)\n  runs: node ${folder}/server/index.mjs\n  in:   ${folder}\n`)

    const listed = await run('dxt', 'list')
    expect(listed.stdout.trim()).toBe(`hello-extension\t1.0.0\tHello Extension\t${folder}`)
    const servers = await run('servers')
    expect(servers.stdout).toContain(`Hello Extension\tstdio\tapproved\tnode ${folder}/server/index.mjs`)

    const called = await run('call', 'Hello Extension', 'hello', '--args', '{"name":"Cli"}')
    expect(called.code).toBe(0)
    expect(called.stdout).toContain('Salut, Cli! (version 1.0.0')
    const logs = await run('logs', 'Hello Extension')
    expect(logs.stdout).toContain('hello-extension starting; api key <redacted>')
    expect(logs.stdout + logs.stderr).not.toContain('sk-cli-extension-secret')

    const unknown = await run('dxt', 'remove', 'Hello Extension')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.trim()).toBe('error: no extension named "Hello Extension" is installed (installed: hello-extension)')
    const removed = await run('dxt', 'remove', 'hello-extension')
    expect(removed.code).toBe(0)
    expect(removed.stdout.trim()).toBe('removed hello-extension (server "Hello Extension")')
    expect(existsSync(folder)).toBe(false)
    expect(readdirSync(join(userData, 'mcp', 'extensions'))).toEqual([])
    expect((await run('dxt', 'list')).stdout.trim()).toBe('no extensions installed')
    expect((await run('servers', '--json')).stdout).not.toContain('Hello Extension')

    // removing its server is uninstalling it too
    expect((await run('dxt', 'install', file, '--user-config', 'greeting=Hi')).code).toBe(0)
    const viaServer = await run('remove', 'Hello Extension')
    expect(viaServer.code).toBe(0)
    expect(existsSync(folder)).toBe(false)
  }, SPAWNS)

  it('a hostile archive is exit 2 with the reason; bad usage too', async () => {
    const userData = tempDir('mcp-cli-dxt-')
    const run = (...args: string[]) => cli(args, { env: { MCP_STUDIO_USER_DATA: userData } })
    const manifest = helloManifest()
    ;(manifest.server as { entry_point: string }).entry_point = '../../outside.js'
    const hostile = await run('dxt', 'install', await archiveFile(manifest), '--user-config', 'greeting=x')
    expect(hostile.code).toBe(2)
    expect(hostile.stderr.trim()).toBe('error: manifest.json: server.entry_point "../../outside.js" must be a path inside the extension (no "..", not absolute)')
    expect(existsSync(join(userData, 'mcp', 'extensions'))).toBe(false)
    const usage = await run('dxt', 'list', '--user-config', 'a=b')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('--user-config and --accept-invalid-signature apply to "dxt install" only')
    expect((await run('dxt')).code).toBe(2)
  }, SPAWNS)

  it('in plain Node, extensions live under XDG_CONFIG_HOME (or HOME/.config)', async () => {
    const config = tempDir('mcp-cli-dxt-xdg-')
    const home = tempDir('mcp-cli-dxt-home-')
    const installed = await cli(['dxt', 'install', await archiveFile(), '--user-config', 'greeting=Hi'], { env: { MCP_STUDIO_USER_DATA: '', XDG_CONFIG_HOME: config, HOME: home } })
    expect(installed.code).toBe(0)
    expect(readdirSync(join(config, appIdentity.name, 'mcp', 'extensions'))).toEqual(['hello-extension'])
    const viaHome = await cli(['dxt', 'install', await archiveFile(), '--user-config', 'greeting=Hi'], { env: { MCP_STUDIO_USER_DATA: '', XDG_CONFIG_HOME: '', HOME: home } })
    expect(viaHome.code).toBe(0)
    expect(readdirSync(join(home, '.config', appIdentity.name, 'mcp', 'extensions'))).toEqual(['hello-extension'])
  }, SPAWNS)
})
