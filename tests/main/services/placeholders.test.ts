import { afterEach, describe, expect, it } from 'vitest'
import { createLoginShellEnvLoader } from '../../../src/main/services/mcp/shellEnv'
import { closeAllServices, everythingStdio, fixture, makeService, startEverythingHttp, statusesOf, stdioServer, waitFor } from './helpers'

afterEach(closeAllServices)

const KEY = 'sk-from-the-shell-5f2c9a'
/** a real login shell whose environment holds the key, as a user's profile would */
const shellWithKey = (more: Record<string, string> = {}) =>
  createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: { ...process.env, MCP_STUDIO_TEST_KEY: KEY, ...more } })

describe('${env:NAME} and ${input:id} placeholders when a server starts', () => {
  it('${env:NAME} in env and args is filled from the login-shell environment; the saved config keeps the placeholder', async () => {
    const { service } = makeService({ loginShellEnv: shellWithKey() })
    const server = everythingStdio({ env: { PLACEHOLDER_CHECK: 'key=${env:MCP_STUDIO_TEST_KEY}' } })
    server.args = [...server.args!, '--unused=${env:MCP_STUDIO_TEST_KEY}']
    const before = structuredClone(server)
    const result = await service.callTool({ server, name: 'get-env', args: {} })
    expect(JSON.stringify(result.content)).toContain(`key=${KEY}`)
    expect(server).toEqual(before)
  })

  it('the value a placeholder brings in is redacted from the log like any env secret', async () => {
    const { service } = makeService({ loginShellEnv: shellWithKey() })
    const server = stdioServer(fixture('leaky-secret.mjs'), { env: { API_KEY: '${env:MCP_STUDIO_TEST_KEY}' } })
    await service.initClient(server)
    await waitFor(() => service.getServerLogs(server).some((e) => e.message.includes('booting with key')), 15_000, 'the boot line')
    const logs = JSON.stringify(service.getServerLogs(server))
    expect(logs).not.toContain(KEY)
    expect(logs).toContain('booting with key')
  })

  it('an unset ${env:NAME} is a clear error naming the field and the variable, and nothing is started', async () => {
    const { service, events } = makeService({ loginShellEnv: shellWithKey() })
    const server = stdioServer(fixture('pid-echo.mjs'), { env: { TOKEN: '${env:MCP_STUDIO_NOT_SET_ANYWHERE}' } })
    await expect(service.initClient(server)).rejects.toMatchObject({
      code: 'BAD_CONFIG',
      message: `MCP server "${server.name}": \${env:MCP_STUDIO_NOT_SET_ANYWHERE} (in env.TOKEN) is not set in your shell's environment — set it there and restart MCP Studio, or type the value into the server's settings`
    })
    expect(service.pidOf(server)).toBeUndefined()
    expect(statusesOf(events, server.id).at(-1)).toBe('failed')
  })

  it('an ${input:id} nobody filled in is refused before starting, saying what to do', async () => {
    const { service } = makeService({ loginShellEnv: shellWithKey() })
    // a field named like a secret: the message must still say it in full
    const server = stdioServer(fixture('pid-echo.mjs'), { env: { API_TOKEN: '${input:api-key}' } })
    await expect(service.initClient(server)).rejects.toThrow(
      /: \$\{input:api-key\} \(in env\.API_TOKEN\) has no value yet: the imported file asks for it — type the value into the server's settings$/
    )
    expect(service.pidOf(server)).toBeUndefined()
  })

  it('a URL that is only a placeholder connects to what it becomes; one that becomes file: is refused', async () => {
    const http = await startEverythingHttp('streamableHttp')
    try {
      const { service } = makeService({ loginShellEnv: shellWithKey({ MCP_STUDIO_TEST_URL: http.url, MCP_STUDIO_TEST_FILE: 'file:///etc/passwd' }) })
      const good = { id: 'by-env', name: 'by-env', type: 'streamableHttp' as const, baseUrl: '${env:MCP_STUDIO_TEST_URL}', isActive: true }
      expect((await service.listTools(good)).map((t) => t.name)).toContain('echo')
      const bad = { id: 'to-file', name: 'to-file', type: 'streamableHttp' as const, baseUrl: '${env:MCP_STUDIO_TEST_FILE}', isActive: true }
      await expect(service.initClient(bad)).rejects.toMatchObject({
        code: 'BAD_CONFIG',
        message: expect.stringContaining('"file:///etc/passwd" is not an http:// or https:// URL')
      })
    } finally {
      await http.stop()
    }
  })
})
