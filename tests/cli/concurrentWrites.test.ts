import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinServerNames } from '@shared/mcp/builtin'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

/** a guard for tests that start the CLI many times at once on a loaded machine */
const SPAWNS = 120_000

/** Each CLI run is its own process: only a lock across processes keeps their writes apart. */
describe('CLI runs at once on one user-data folder', () => {
  it('ten imports at once, each its own process, all land in servers.json', async () => {
    const userData = tempDir('mcp-cli-concurrent-')
    const configs = Array.from({ length: 10 }, (_, i) => {
      const file = join(tempDir('mcp-cli-file-'), 'mcp.json')
      writeFileSync(file, JSON.stringify({ mcpServers: { [`server-${i}`]: { command: 'node', args: [`s${i}.js`] } } }))
      return file
    })
    const runs = await Promise.all(configs.map((config) => cli(['import', config], { env: { MCP_STUDIO_USER_DATA: userData } })))
    for (const [i, r] of runs.entries()) {
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout.trim()).toBe(`imported 1 server: server-${i}`)
    }
    const saved = JSON.parse(readFileSync(join(userData, 'mcp', 'servers.json'), 'utf8')) as { servers: { name: string }[]; approvals: Record<string, string> }
    expect(saved.servers.map((s) => s.name).sort()).toEqual(configs.map((_, i) => `server-${i}`).sort())
    expect(Object.keys(saved.approvals)).toHaveLength(10)
  }, SPAWNS)

  it('eight create_entities calls at once, each its own process, all land in the memory file', async () => {
    const userData = tempDir('mcp-cli-concurrent-')
    const file = join(tempDir('mcp-cli-memory-'), 'graph.jsonl')
    const config = writeConfig({ memory: { type: 'inMemory', name: BuiltinServerNames.memory, env: { MEMORY_FILE_PATH: file } } })
    const names = Array.from({ length: 8 }, (_, i) => `entity-${i}`)
    const runs = await Promise.all(
      names.map((name) =>
        cli([...config, 'call', 'memory', 'create_entities', '--args', JSON.stringify({ entities: [{ name, entityType: 'test', observations: [] }] })], {
          env: { MCP_STUDIO_USER_DATA: userData }
        })
      )
    )
    for (const r of runs) expect(r.code, r.stderr).toBe(0)
    const saved = readFileSync(file, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { name: string }).name)
    expect(saved.sort()).toEqual(names)
    expect(existsSync(`${file}.lock`)).toBe(false)
  }, SPAWNS)
})
