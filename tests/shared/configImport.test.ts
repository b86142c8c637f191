import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { applyConfigInputs, McpConfigError, normalizeServerType, parseMcpConfig, parseMcpConfigFile } from '@shared/mcp/configImport'
import { anyKindFields } from '@shared/mcp/server'

const configs = fileURLToPath(new URL('../fixtures/configs/', import.meta.url))
const load = (name: string) => readFileSync(join(configs, name), 'utf8')
const byName = (text: string) => Object.fromEntries(parseMcpConfig(text).map((s) => [s.name, s]))

describe('config import', () => {
  it('Claude Desktop: stdio servers with args and env', () => {
    const servers = byName(load('claude_desktop_config.json'))
    expect(Object.keys(servers)).toEqual(['filesystem', 'github', 'fetch'])
    expect(servers.filesystem).toMatchObject({ type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop', '/Users/me/Downloads'] })
    expect(anyKindFields(servers.github).env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '<YOUR_TOKEN>' })
    expect(servers.fetch).toMatchObject({ command: 'uvx', isActive: true, installSource: 'import' })
  })

  it('Cursor: url without a type keeps its protocol detected (Streamable HTTP with SSE fallback); headers kept; envFile ignored', () => {
    const servers = byName(load('cursor_mcp.json'))
    expect(servers['remote-http']).toMatchObject({ baseUrl: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer <TOKEN>' } })
    expect(servers['remote-http'].type).toBe('httpAuto')
    expect(servers['remote-sse'].type).toBe('httpAuto')
    expect(servers.local).toMatchObject({ type: 'stdio', command: 'node', env: { API_KEY: '${env:API_KEY}' } })
  })

  it('Cherry Studio export: every field it writes survives', () => {
    const servers = byName(load('cherry_studio_export.json'))
    expect(servers.amap).toMatchObject({ type: 'streamableHttp', timeout: 120, longRunning: true, ui: { provider: 'AMap', tags: ['maps'] }, isActive: true })
    expect(servers.time).toMatchObject({ type: 'stdio', registryUrl: 'https://pypi.mirror.example/simple', isActive: false })
  })

  it('VS Code: `servers` with http/sse/stdio types', () => {
    const servers = byName(load('vscode_mcp.json'))
    expect(servers.perplexity).toMatchObject({ type: 'stdio', command: 'npx' })
    expect(servers.github).toMatchObject({ type: 'streamableHttp', baseUrl: 'https://api.githubcopilot.com/mcp/' })
    expect(servers.legacy).toMatchObject({ type: 'sse', baseUrl: 'http://localhost:3000/sse' })
  })

  it('VS Code `inputs`: the ones a server uses are returned with who uses them; the values fill the placeholders', () => {
    const { servers, inputs } = parseMcpConfigFile(load('vscode_mcp.json'))
    expect(inputs).toEqual([{ id: 'perplexity-key', description: 'Perplexity API Key', password: true, default: undefined, options: undefined, servers: ['perplexity'] }])
    // until filled in, the placeholder stays as written
    expect(anyKindFields(servers[0]).env).toEqual({ PERPLEXITY_API_KEY: '${input:perplexity-key}' })
    const filled = applyConfigInputs(servers, { 'perplexity-key': 'pplx-123' })
    expect(anyKindFields(filled[0]).env).toEqual({ PERPLEXITY_API_KEY: 'pplx-123' })
    expect(anyKindFields(servers[0]).env).toEqual({ PERPLEXITY_API_KEY: '${input:perplexity-key}' })
    expect(filled.slice(1)).toEqual(servers.slice(1))
  })

  it('inputs in args, headers and url; pickString options; an unused input is not asked for', () => {
    const file = {
      inputs: [
        { type: 'promptString', id: 'token', description: 'Token' },
        { type: 'pickString', id: 'region', options: ['eu', { value: 'us', label: 'United States' }], default: 'eu' },
        { type: 'promptString', id: 'unused' }
      ],
      servers: {
        api: { url: 'https://${input:region}.example.com/mcp', headers: { Authorization: 'Bearer ${input:token}' } },
        cli: { command: 'tool', args: ['--region=${input:region}'] }
      }
    }
    const { servers, inputs } = parseMcpConfigFile(file)
    expect(inputs.map((i) => [i.id, i.servers, i.options, i.default])).toEqual([
      ['token', ['api'], undefined, undefined],
      ['region', ['api', 'cli'], ['eu', 'us'], 'eu']
    ])
    const [api, cli] = applyConfigInputs(servers, { token: 't0k', region: 'us' })
    expect(api).toMatchObject({ baseUrl: 'https://us.example.com/mcp', headers: { Authorization: 'Bearer t0k' } })
    expect(anyKindFields(cli).args).toEqual(['--region=us'])
  })

  it('a url that is only a placeholder is accepted, and filled in like any other field', () => {
    const file = { inputs: [{ type: 'promptString', id: 'endpoint' }], servers: { api: { type: 'http', url: '${input:endpoint}' } } }
    const { servers, inputs } = parseMcpConfigFile(file)
    expect(inputs.map((i) => i.id)).toEqual(['endpoint'])
    expect(anyKindFields(applyConfigInputs(servers, { endpoint: 'https://mcp.example.com/mcp' })[0]).baseUrl).toBe('https://mcp.example.com/mcp')
    expect(anyKindFields(parseMcpConfigFile({ servers: { env: { url: '${env:MCP_URL}' } } }).servers[0]).baseUrl).toBe('${env:MCP_URL}')
  })

  it('a placeholder of an input the file does not declare names the server and field', () => {
    try {
      parseMcpConfigFile({ servers: { s: { command: 'x', env: { KEY: '${input:nope}' } } } })
      expect.unreachable()
    } catch (error) {
      expect((error as McpConfigError).issues).toEqual([
        { server: 's', field: 'env.KEY', message: 'uses ${input:nope}, which the file\'s "inputs" do not declare', code: 'undeclaredInput', params: { id: 'nope' } }
      ])
    }
  })

  it('a malformed inputs list names its field', () => {
    expect(() => parseMcpConfigFile({ inputs: [{ description: 'no id' }], servers: {} })).toThrow(/inputs\.0\.id/)
  })

  it('third-party variants: type aliases, serverUrl, disabled, unknown keys', () => {
    const servers = byName(load('third_party_variants.json'))
    expect(servers.chrome.type).toBe('streamableHttp')
    expect(servers['http-alias'].type).toBe('streamableHttp')
    expect(servers.underscore.type).toBe('streamableHttp')
    expect(servers.serverUrl).toMatchObject({ baseUrl: 'https://example.com/mcp' })
    expect(servers.disabled.isActive).toBe(false)
    expect(anyKindFields(servers.autoApprove).command).toBe('npx')
  })

  it('normalizes every alias, case-insensitively', () => {
    for (const t of ['streamable-http', 'http', 'streamable_http', 'streamableHttp', 'StreamableHTTP']) expect(normalizeServerType(t)).toBe('streamableHttp')
    expect(normalizeServerType('SSE')).toBe('sse')
    expect(normalizeServerType('websocket')).toBeUndefined()
  })

  it('one pasted server entry, or a bare name → entry map', () => {
    expect(parseMcpConfig({ name: 'one', command: 'node', args: ['s.js'] })).toMatchObject([{ name: 'one', command: 'node' }])
    expect(parseMcpConfig({ a: { url: 'http://x/mcp' }, b: { command: 'y' } }).map((s) => s.name)).toEqual(['a', 'b'])
  })

  it('a broken entry is an error naming the server and the field', () => {
    const bad = { mcpServers: { good: { command: 'node' }, broken: { command: 'node', args: 'not-an-array' } } }
    const error = (() => {
      try {
        parseMcpConfig(bad)
      } catch (e) {
        return e
      }
    })() as McpConfigError
    expect(error).toBeInstanceOf(McpConfigError)
    expect(error.issues).toEqual([expect.objectContaining({ server: 'broken', field: 'args' })])
    expect(error.message).toMatch(/^server "broken", field "args": /)
  })

  it('names other faults too: unknown type, env value, missing command/url, bad URL, bad JSON', () => {
    const message = (input: unknown) => {
      try {
        parseMcpConfig(input)
        return ''
      } catch (e) {
        return (e as Error).message
      }
    }
    expect(message({ mcpServers: { w: { type: 'websocket', url: 'ws://x' } } })).toMatch(/server "w", field "type": unknown type/)
    expect(message({ mcpServers: { e: { command: 'x', env: { N: 1 } } } })).toMatch(/server "e", field "env.N"/)
    expect(message({ mcpServers: { m: { args: ['x'] } } })).toMatch(/server "m", field "command": needs a command \(stdio\) or a url/)
    expect(message({ mcpServers: { u: { url: 'ftp://x' } } })).toMatch(/server "u", field "url": must be an http/)
    expect(message({ mcpServers: { t: { command: 'x', timeout: -1 } } })).toMatch(/server "t", field "timeout"/)
    expect(message('{"mcpServers": ')).toMatch(/not valid JSON/)
    // names JavaScript objects would lose without a word, and env names a process cannot have
    expect(message('{"mcpServers": {"__proto__": {"command": "x"}, "ok": {"command": "y"}}}')).toBe(
      'server "__proto__", field "(entry)": "__proto__" cannot be a name here; rename it'
    )
    expect(message('{"mcpServers": {"a": {"command": "x", "env": {"__proto__": "1"}}}}')).toBe(
      'server "a", field "env.__proto__": "__proto__" cannot be a name here; rename it'
    )
    expect(message({ mcpServers: { a: { command: 'x', env: { 'A=B': '1' } } } })).toMatch(/^server "a", field "env.A=B": an environment variable name cannot .* contain "="/)
    expect(message({ mcpServers: { a: { command: 'x', env: { 'A\u0000B': '1' } } } })).toMatch(/a NUL character/)
    expect(message({ mcpServers: [] })).toMatch(/mcpServers/)
  })
})
