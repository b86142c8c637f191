import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

function userDataWith(servers: unknown[]): Record<string, string> {
  const dir = tempDir('mcp-cli-broken-')
  mkdirSync(join(dir, 'mcp'), { recursive: true })
  writeFileSync(join(dir, 'mcp', 'servers.json'), JSON.stringify({ version: 1, servers, approvals: {} }), { mode: 0o600 })
  return { MCP_STUDIO_USER_DATA: dir }
}

const good = { id: 'good', name: 'good', isActive: false, type: 'stdio', command: 'node', args: ['good.js'] }
const broken = { id: 'bad', name: 'pigeon', isActive: false, type: 'carrier-pigeon', command: 'node', env: { API_KEY: 'sk-broken-entry-secret-1' } }

describe('cli servers and an entry that failed validation', () => {
  it('lists it, marked, with the field at fault; never its secret values', async () => {
    const env = userDataWith([good, broken])
    const text = await cli(['servers'], { env })
    expect(text.code).toBe(0)
    const lines = text.stdout.trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^good\tstdio\t/)
    expect(lines[1]).toMatch(/^pigeon\tBROKEN\ttype: /)
    expect(text.stdout).not.toContain('sk-broken-entry-secret-1')

    const json = JSON.parse((await cli(['servers', '--json'], { env })).stdout) as Array<Record<string, unknown>>
    expect(json.map((entry) => entry.name)).toEqual(['good', 'pigeon'])
    expect(json[1]).toMatchObject({ id: 'bad', broken: true })
    expect(String(json[1].problem)).toMatch(/^type: /)
  })

  it('a list of only broken entries is not "no servers configured"', async () => {
    const text = await cli(['servers'], { env: userDataWith([broken]) })
    expect(text.stdout).toContain('pigeon\tBROKEN')
    expect(text.stdout).not.toContain('no servers configured')
  })
})
