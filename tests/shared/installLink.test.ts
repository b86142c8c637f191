import { describe, expect, it } from 'vitest'
import {
  buildInstallLink,
  encodeBase64Url,
  INSTALL_LINK_MAX_LENGTH,
  InstallLinkError,
  parseInstallLink,
  type InstallLinkProblem
} from '@shared/mcp/installLink'

const twoServers = {
  mcpServers: {
    everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
    remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } }
  }
}

function problemOf(link: string): InstallLinkProblem {
  try {
    parseInstallLink(link)
  } catch (error) {
    if (error instanceof InstallLinkError) return error.problem
    throw error
  }
  throw new Error(`accepted: ${link}`)
}

describe('install links: what a good link proposes', () => {
  it('an mcpServers map: every server, in order, switched off and marked as from a link', () => {
    const { servers, inputs } = parseInstallLink(buildInstallLink(twoServers))
    expect(inputs).toEqual([])
    expect(servers).toEqual([
      expect.objectContaining({ name: 'everything', type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], isActive: false, installSource: 'deeplink' }),
      expect.objectContaining({ name: 'remote', type: 'streamableHttp', baseUrl: 'https://example.com/mcp', isActive: false, installSource: 'deeplink' })
    ])
  })

  it.each([
    ['with name=, one entry', buildInstallLink({ command: 'uvx', args: ['mcp-server-time'] }, 'time'), 'time', 'uvx'],
    ['the name wins over the entry\'s own', buildInstallLink({ name: 'other', command: 'uvx' }, 'time'), 'time', 'uvx'],
    ['mcpstudio:install without slashes', `mcpstudio:install?servers=${encodeBase64Url(JSON.stringify({ mcpServers: { a: { command: 'node' } } }))}`, 'a', 'node'],
    ['upper-case scheme and a trailing slash', `MCPSTUDIO://install/?servers=${encodeBase64Url(JSON.stringify({ mcpServers: { a: { command: 'node' } } }))}`, 'a', 'node'],
    ['plain base64 whose "+" a query string turned into a space', `mcpstudio://install?servers=${btoa(JSON.stringify({ mcpServers: { a: { command: 'node', args: ['>>>?'] } } })).replace(/\+/g, ' ')}`, 'a', 'node'],
    ['a disabled server stays off', buildInstallLink({ mcpServers: { a: { command: 'node', disabled: false, isActive: true } } }), 'a', 'node']
  ])('%s', (_, link, name, command) => {
    const [server] = parseInstallLink(link).servers
    expect(server).toMatchObject({ name, command, isActive: false, installSource: 'deeplink' })
  })

  it('keeps non-ASCII names and VS Code inputs the user fills in before adding', () => {
    const link = buildInstallLink({
      inputs: [{ id: 'token', type: 'promptString', password: true, description: 'API token' }],
      servers: { 读取: { command: 'node', env: { TOKEN: '${input:token}' } } }
    })
    const { servers, inputs } = parseInstallLink(link)
    expect(servers[0].name).toBe('读取')
    expect(inputs).toEqual([expect.objectContaining({ id: 'token', password: true, servers: ['读取'] })])
  })
})

describe('install links: refused, saying why', () => {
  const b64 = (text: string) => encodeBase64Url(text)
  it.each<[string, string, Partial<InstallLinkProblem>]>([
    ['over the size limit', `mcpstudio://install?servers=${'A'.repeat(INSTALL_LINK_MAX_LENGTH)}`, { code: 'tooLong' }],
    ['another scheme', `https://example.com/install?servers=${b64('{}')}`, { code: 'notInstallLink' }],
    ['another action', `mcpstudio://uninstall?servers=${b64('{}')}`, { code: 'notInstallLink' }],
    ['not a URL', 'install me', { code: 'notInstallLink' }],
    ['no servers parameter', 'mcpstudio://install?name=x', { code: 'missingServers' }],
    ['an empty name', `mcpstudio://install?name=%20&servers=${b64('{"command":"node"}')}`, { code: 'badName' }],
    ['servers not base64', 'mcpstudio://install?servers=%7B%22a%22%7D', { code: 'badBase64' }],
    ['base64 of bytes that are not UTF-8', `mcpstudio://install?servers=${btoa('\xff\xfe\xfd')}`, { code: 'badBase64' }],
    ['base64 of a length no encoder writes', 'mcpstudio://install?servers=QUJDRA0AA', { code: 'badBase64' }],
    ['base64 of text that is not JSON', `mcpstudio://install?servers=${b64('{"mcpServers": {')}`, { code: 'invalidJson' }],
    ['name with a whole map', buildInstallLink(twoServers, 'x'), { code: 'nameWithMap' }],
    ['an empty map', buildInstallLink({ mcpServers: {} }), { code: 'noServers' }],
    ['a built-in', buildInstallLink({ mcpServers: { fs: { type: 'inMemory', name: '@studio/filesystem', args: ['/'] } } }), { code: 'builtinNotAllowed' }],
    [
      'too many servers',
      buildInstallLink({ mcpServers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`s${i}`, { command: 'node' }])) }),
      { code: 'tooManyServers', params: { count: '51', max: '50' } } as Partial<InstallLinkProblem>
    ]
  ])('%s', (_, link, expected) => {
    expect(problemOf(link)).toMatchObject(expected)
  })

  it('a bad entry: the server and field are named', () => {
    const problem = problemOf(buildInstallLink({ mcpServers: { good: { command: 'node' }, broken: { command: 'node', args: 'x' } } }))
    expect(problem).toMatchObject({ code: 'badServers', issues: [{ server: 'broken', field: 'args' }] })
  })

  it('a server with neither command nor URL, and one whose URL is not http', () => {
    const problem = problemOf(buildInstallLink({ mcpServers: { empty: {}, file: { url: 'file:///etc/passwd' } } }))
    expect(problem).toMatchObject({
      code: 'badServers',
      issues: [
        { server: 'empty', code: 'needsCommandOrUrl' },
        { server: 'file', field: 'url', code: 'notHttpUrl' }
      ]
    })
  })

  it('the error message says it in English for logs and the CLI', () => {
    expect(() => parseInstallLink('mcpstudio://install?servers=***')).toThrow('the "servers" parameter is not base64url')
  })
})
