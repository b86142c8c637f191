import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { anyKindFields } from '@shared/mcp/server'
import { assembleHost, type Host } from '../../../../src/main/createHost'
import { createNodePlatform } from '../../../../src/main/platform/nodePlatform'
import { ServerRegistry } from '../../../../src/main/services/servers/ServerRegistry'
import { startStandInRegistry } from '../../../fixtures/discovery/standInRegistry'
import { createDirectApi } from '../../../support/directApi'
import { tempDir } from '../helpers'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

// stands in for Electron's safeStorage: what is sealed must not read as the plain value
const encrypt = (plain: string) => Buffer.from(plain).reverse().toString('base64')
const decrypt = (cipher: string) => Buffer.from(cipher, 'base64').reverse().toString()

const ARGV_ECHO = resolve('tests/fixtures/servers/argv-echo.mjs')
const SECRET = 'sk-argument-secret-4711'

/** an npm entry whose token is a secret argument, and a plain one beside it */
const tokenEntry = {
  server: {
    name: 'io.github.example/token-args',
    version: '1.0.0',
    packages: [
      {
        registryType: 'npm',
        identifier: '@example/token-args',
        version: '1.0.0',
        transport: { type: 'stdio' },
        packageArguments: [
          { type: 'named', name: '--api-token', description: 'your token', isRequired: true, isSecret: true },
          { type: 'positional', valueHint: 'region', default: 'eu' }
        ]
      }
    ]
  }
}

/** a login PATH whose `npx` is a real shim that runs the argv-echo server with what npx was given */
function shimPath(): string {
  const bin = tempDir('mcp-secret-args-bin-')
  const file = join(bin, 'npx')
  execFileSync('/bin/sh', ['-c', 'printf "%s\\n" "$1" > "$2" && chmod 755 "$2"', 'sh', `#!/bin/sh\nexec "${process.execPath}" "${ARGV_ECHO}" "$@"`, file])
  return bin
}

async function app() {
  const standIn = await startStandInRegistry({ entries: [tokenEntry] as never })
  closers.push(() => standIn.close())
  const userDataDir = tempDir('mcp-secret-args-')
  const platform = { ...createNodePlatform({ userDataDir }), encrypt, decrypt }
  const registry = new ServerRegistry({ userDataDir, encrypt, decrypt })
  await registry.load()
  const path = shimPath()
  const loginShellEnv = async () => ({ env: { PATH: path, HOME: process.env.HOME ?? '/' }, source: 'process' as const })
  const host: Host = assembleHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) }, mcpOptions: { stopGraceMs: 500, loginShellEnv, binDirs: [] } }, registry)
  closers.push(() => host.close())
  return { api: createDirectApi(host.router).api, registry, registryUrl: standIn.url, serversFile: join(userDataDir, 'mcp', 'servers.json') }
}

describe('a secret argument from an MCP Registry entry', () => {
  it('is stored sealed in the server\'s env, its argument a placeholder; the server still gets the value, its log does not show it', async () => {
    const { api, registry, registryUrl, serversFile } = await app()
    const server = await api.discovery.add({ registryUrl, name: 'io.github.example/token-args', values: { 'api-token': SECRET } })
    // what is stored, and what the approval shows: the argument names where its value is kept
    expect(anyKindFields(server).args).toEqual(['-y', '@example/token-args@1.0.0', '--api-token', '${env:MCP_SECRET_ARG_API_TOKEN}', 'eu'])
    expect(server.notSecret ?? []).not.toContain('MCP_SECRET_ARG_API_TOKEN')
    expect(JSON.stringify(anyKindFields(server).args)).not.toContain(SECRET)
    expect(readFileSync(serversFile, 'utf8')).not.toContain(SECRET)
    expect(anyKindFields(registry.get(server.id)!).env).toEqual({ MCP_SECRET_ARG_API_TOKEN: SECRET })

    await registry.approve(server.id)
    const result = await api.mcp.callTool({ serverId: server.id, name: 'argv' })
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(['-y', '@example/token-args@1.0.0', '--api-token', SECRET, 'eu'])
    const logs = await api.mcp.getServerLogs({ serverId: server.id })
    expect(logs.some((entry) => entry.message.includes('started with -y @example/token-args@1.0.0 --api-token'))).toBe(true)
    expect(JSON.stringify(logs)).not.toContain(SECRET)
    expect(readFileSync(serversFile, 'utf8')).not.toContain(SECRET)
  })
})
