import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, ROOT, fixture } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const SECRET = 'sk-live-4242-do-not-print'
const config = writeConfig({
  everything: { command: 'node', args: [EVERYTHING, 'stdio'] },
  leaky: { command: 'node', args: [join(ROOT, 'tests/cli/fixtures/leaky-env.mjs')], env: { SERVICE_API_TOKEN: SECRET } },
  broken: { command: 'node', args: [fixture('exit-at-start.mjs')] }
})
const run = (...args: string[]) => cli([...config, ...args])

describe('cli logs', () => {
  it('logs: the server log after connecting, one line per entry with time and level', async () => {
    const { code, stdout } = await run('logs', 'everything')
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (debug|info|warn|error|stderr|stdout) /)
    expect(lines.some((l) => /info {3}starting .*server-everything.* stdio$/.test(l))).toBe(true)
    expect(lines.some((l) => / info {3}connected over stdio \(pid \d+\)/.test(l))).toBe(true)
  })

  it('logs --json: the entries, parseable', async () => {
    const { code, stdout } = await run('logs', 'everything', '--json')
    expect(code).toBe(0)
    const entries = JSON.parse(stdout)
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of entries) expect(entry).toMatchObject({ timestamp: expect.any(Number), level: expect.any(String), message: expect.any(String) })
    expect(entries.find((e: { message: string }) => e.message.startsWith('connected over stdio'))).toBeDefined()
  })

  it("a secret env value the server prints to stderr never appears, human or --json", async () => {
    const human = await run('logs', 'leaky')
    expect(human.code).toBe(0)
    expect(human.stdout).toContain('stderr using token')
    expect(human.stdout).toContain('stderr Authorization:')
    const json = await run('logs', 'leaky', '--json')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout).filter((e: { level: string }) => e.level === 'stderr')).toHaveLength(2)
    for (const output of [human.stdout, human.stderr, json.stdout, json.stderr]) expect(output).not.toContain(SECRET)
  })

  it('a server that fails to start: its log is still printed (it explains why), then the error, exit 1', async () => {
    const { code, stdout, stderr } = await run('logs', 'broken')
    expect(code).toBe(1)
    expect(stdout).toContain('stderr fatal: API_BASE is not set')
    expect(stderr).toContain('exited with code 1 during start')
  })
})
