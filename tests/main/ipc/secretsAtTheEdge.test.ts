import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IpcEventName } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { createLoginShellEnvLoader } from '../../../src/main/services/mcp/shellEnv'
import { cli, stopStrayClis } from '../../cli/run'
import { fixture, tempDir } from '../services/helpers'

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
  await stopStrayClis()
})

const KEY = 'sk-only-in-the-shell-7d41e0'
// the saved config holds only the placeholder: redaction by the saved config cannot know the key
const leaky: McpServer = {
  id: 'leaky',
  name: 'leaky',
  type: 'stdio', command: process.execPath,
  args: [fixture('leaky-secret.mjs')],
  env: { API_KEY: '${env:MCP_STUDIO_EDGE_KEY}' },
  isActive: true
}

describe('a secret ${env:NAME} brought in never reaches the page or the terminal', () => {
  it('tool errors, request errors and status events that echo it are redacted at the IPC edge', async () => {
    const events: Array<{ event: IpcEventName; payload: unknown }> = []
    const platform = createNodePlatform({ userDataDir: tempDir('mcp-edge-'), onEvent: (event, payload) => events.push({ event, payload }) })
    const loginShellEnv = createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: { ...process.env, MCP_STUDIO_EDGE_KEY: KEY } })
    const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 300, loginShellEnv } })
    hosts.push(host)
    const invoke = (channel: Parameters<Host['router']['invoke']>[0], args: unknown) => host.router.invoke(channel, args, { via: 'direct' })

    expect((await invoke('servers:add', { servers: [leaky] })).ok).toBe(true)
    expect((await invoke('servers:approve', { serverIds: ['leaky'] })).ok).toBe(true)

    // an upstream error inside a tool result
    const call = await invoke('mcp:call-tool', { serverId: 'leaky', name: 'leak', args: {} })
    expect(call.ok).toBe(true)
    const shownCall = JSON.stringify(call)
    expect(shownCall).toContain('upstream rejected <redacted>')
    expect(shownCall).not.toContain(KEY)

    // an upstream JSON-RPC error
    const prompt = await invoke('mcp:get-prompt', { serverId: 'leaky', name: 'leak-prompt' })
    expect(prompt.ok).toBe(false)
    const shownPrompt = JSON.stringify(prompt)
    expect(shownPrompt).toContain('upstream rejected <redacted>')
    expect(shownPrompt).not.toContain(KEY)

    expect(JSON.stringify(events)).not.toContain(KEY)
  })

  it("the CLI's stderr does not show it either", async () => {
    const config = join(tempDir('mcp-edge-cli-'), 'mcp.json')
    writeFileSync(config, JSON.stringify({ mcpServers: { leaky: { command: process.execPath, args: leaky.args, env: leaky.env } } }))
    const env = { MCP_STUDIO_EDGE_KEY: KEY, SHELL: '/bin/bash' }
    const called = await cli(['--config', config, 'call', 'leaky', 'leak'], { env })
    expect(called.code).toBe(1)
    expect(called.stderr).toContain('upstream rejected <redacted>')
    const prompted = await cli(['--config', config, 'prompt', 'leaky', 'leak-prompt'], { env })
    expect(prompted.code).not.toBe(0)
    expect(prompted.stderr).toContain('upstream rejected <redacted>')
    expect(called.stdout + called.stderr + prompted.stdout + prompted.stderr).not.toContain(KEY)
  })
})

describe('secrets whose names do not look secret', () => {
  it('logs and errors hide every entered value of 8+ characters; `servers` shows names, not values', async () => {
    const config = join(tempDir('mcp-edge-names-'), 'mcp.json')
    const env = { LEAK_VAR: 'SLACK_BOT', SLACK_BOT: 'xoxb-1234-abcd', DB_PASS: 'hunter2-db', LOG_LEVEL: 'debug' }
    const args = [...leaky.args!, '--api-key', 'k-arg-123456', '--password=pw-arg-55555']
    writeFileSync(config, JSON.stringify({ mcpServers: { leaky: { command: process.execPath, args, env, } } }))

    const logs = await cli(['--config', config, 'logs', 'leaky'])
    expect(logs.code).toBe(0)
    expect(logs.stdout).toContain('booting with key <redacted>')
    const called = await cli(['--config', config, 'call', 'leaky', 'leak'])
    expect(called.stderr + called.stdout).toContain('upstream rejected <redacted>')

    const listed = await cli(['--config', config, 'servers'])
    const listedJson = await cli(['--config', config, 'servers', '--json'])
    expect(listed.stdout).toContain('--api-key <redacted> --password=<redacted>')
    const shown = JSON.parse(listedJson.stdout)[0]
    expect(shown.env).toEqual({ LEAK_VAR: '<redacted>', SLACK_BOT: '<redacted>', DB_PASS: '<redacted>', LOG_LEVEL: '<redacted>' })

    const everything = [logs, called, listed, listedJson].map((r) => r.stdout + r.stderr).join('\n')
    for (const secret of ['xoxb-1234-abcd', 'hunter2-db', 'k-arg-123456', 'pw-arg-55555']) expect(everything).not.toContain(secret)
  })
})
