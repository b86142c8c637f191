import { describe, expect, it } from 'vitest'
import type { UserConfigField, UserConfigValues } from '@shared/mcp/extensions'
import { parseManifest } from '../../../src/main/services/extensions/manifest'
import { resolveMcpCommand, type McpCommand } from '../../../src/main/services/extensions/resolveMcpConfig'
import { serverTemplate } from '../../../src/main/services/extensions/serverTemplate'
import { helloManifest } from './archives'

const FOLDERS = { HOME: '/home/ann', DESKTOP: '/home/ann/Desk', DOCUMENTS: '/home/ann/Docs', DOWNLOADS: '/home/ann/Down' }
const FIELDS: Record<string, UserConfigField> = {
  token: { type: 'string', title: 'Token', sensitive: true },
  dirs: { type: 'directory', title: 'Folders', multiple: true },
  verbose: { type: 'boolean', title: 'Verbose' },
  port: { type: 'number', title: 'Port', default: 8080 },
  out: { type: 'directory', title: 'Output', default: '${DOCUMENTS}/out' },
  key: { type: 'string', title: 'Key', required: true },
  optional: { type: 'string', title: 'Optional' }
}

function resolve(template: Partial<McpCommand>, values: UserConfigValues = { key: 'k' }, pathSeparator = '/') {
  return resolveMcpCommand({ command: 'node', args: [], env: {}, ...template }, { dirname: '/ext/hello', fields: FIELDS, values, folders: FOLDERS, pathSeparator })
}

describe('mcp_config variables, filled in at start', () => {
  it.each<[string, Partial<McpCommand>, UserConfigValues | undefined, Partial<McpCommand>]>([
    ['${__dirname}', { args: ['${__dirname}/server/index.js'] }, undefined, { args: ['/ext/hello/server/index.js'] }],
    ['the user folders', { args: ['${HOME}', '${DESKTOP}', '${DOCUMENTS}', '${DOWNLOADS}'] }, undefined, { args: ['/home/ann', '/home/ann/Desk', '/home/ann/Docs', '/home/ann/Down'] }],
    ['${pathSeparator} and ${/}', { args: ['a${pathSeparator}b${/}c'] }, undefined, { args: ['a/b/c'] }],
    ['a string setting in env', { env: { TOKEN: '${user_config.token}' } }, { key: 'k', token: 'sk-123' }, { env: { TOKEN: 'sk-123' } }],
    ['an array standing alone: several args', { args: ['--dirs', '${user_config.dirs}'] }, { key: 'k', dirs: ['/a', '/b c'] }, { args: ['--dirs', '/a', '/b c'] }],
    ['an array inside text: joined with commas', { args: ['--dirs=${user_config.dirs}'] }, { key: 'k', dirs: ['/a', '/b'] }, { args: ['--dirs=/a,/b'] }],
    ['booleans as "true"/"false"', { args: ['--verbose=${user_config.verbose}', '${user_config.verbose}'] }, { key: 'k', verbose: false }, { args: ['--verbose=false', 'false'] }],
    ['numbers as written', { args: ['--port', '${user_config.port}'] }, { key: 'k', port: 9000 }, { args: ['--port', '9000'] }],
    ['a manifest default', { args: ['--port=${user_config.port}'] }, undefined, { args: ['--port=8080'] }],
    ['a default that uses the user folders', { args: ['${user_config.out}'] }, undefined, { args: ['/home/ann/Docs/out'] }],
    ['an optional setting left out: its lone argument dropped, empty inside text', { args: ['${user_config.optional}', 'x=${user_config.optional}'] }, undefined, { args: ['x='] }],
    ['the app\'s own ${env:NAME} left for the placeholder step', { env: { A: '${env:API_KEY}' } }, undefined, { env: { A: '${env:API_KEY}' } }],
    ['the Windows separator', { args: ['${__dirname}${/}server'] }, undefined, { args: ['/ext/hello\\server'] }]
  ])('%s', (what, template, values, expected) => {
    const resolved = resolve(template, values, what === 'the Windows separator' ? '\\' : '/')
    expect(resolved.missing).toEqual([])
    expect({ command: resolved.command, args: resolved.args, env: resolved.env }).toMatchObject({ command: 'node', args: [], env: {}, ...expected })
  })

  it.each<[string, Partial<McpCommand>, UserConfigValues, string]>([
    ['a "../../" setting', { args: ['${user_config.optional}'] }, { key: 'k', optional: '../../' }, '${user_config.optional} (in args.0) is "../../", which climbs out of its folder with ".."; give a path without ".."'],
    ['a "..\\" setting (Windows)', { env: { P: '${user_config.optional}' } }, { key: 'k', optional: 'a\\..\\b' }, '${user_config.optional} (in env.P) is "a\\..\\b", which climbs out of its folder with ".."; give a path without ".."'],
    ['".." in one of several values', { args: ['${user_config.dirs}'] }, { key: 'k', dirs: ['/ok', '/x/../etc'] }, '${user_config.dirs} (in args.0) is "/x/../etc", which climbs out of its folder with ".."; give a path without ".."'],
    ['a sensitive "../" setting, its value not repeated', { args: ['${user_config.token}'] }, { key: 'k', token: 'sk/../x' }, '${user_config.token} (in args.0) is a value, which climbs out of its folder with ".."; give a path without ".."'],
    ['a NUL', { command: '${user_config.optional}' }, { key: 'k', optional: 'a\0b' }, '${user_config.optional} (in command) contains a NUL character'],
    ['an unknown variable', { args: ['${PASSWORD}'] }, { key: 'k' }, '${PASSWORD} (in args.0) is not a variable extensions may use (known: ${__dirname}, ${HOME}, ${DESKTOP}, ${DOCUMENTS}, ${DOWNLOADS}, ${pathSeparator}, ${/}, ${user_config.KEY})'],
    ['an undeclared setting', { args: ['${user_config.nope}'] }, { key: 'k' }, '${user_config.nope} (in args.0) names a setting the manifest\'s user_config does not declare']
  ])('refused: %s', (_what, template, values, message) => {
    expect(() => resolve(template, values)).toThrow(message)
  })

  it('a required setting without a value is reported, with every other one missing', () => {
    expect(resolve({ args: ['${user_config.key}'], env: { K: '${user_config.key}' } }, {}).missing).toEqual(['key'])
  })
})

describe('platform_overrides for this OS', () => {
  const manifest = (overrides: Record<string, unknown>) =>
    parseManifest(JSON.stringify(helloManifest({ server: { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'], env: { A: '1', B: '2' }, platform_overrides: overrides } } })))

  it.each<[NodeJS.Platform, McpCommand]>([
    ['win32', { command: 'node.exe', args: ['${__dirname}\\server\\index.mjs'], env: { A: '1', B: 'win', C: '3' } }],
    ['darwin', { command: 'node', args: ['--mac', '${__dirname}/server/index.mjs'], env: { A: '1', B: '2' } }],
    ['linux', { command: 'node', args: ['${__dirname}/server/index.mjs'], env: { A: '1', B: '2' } }]
  ])('%s', (platform, expected) => {
    const template = serverTemplate(
      manifest({ win32: { command: 'node.exe', args: ['${__dirname}\\server\\index.mjs'], env: { B: 'win', C: '3' } }, darwin: { args: ['--mac', '${__dirname}/server/index.mjs'] } }),
      '/ext/hello',
      platform
    )
    // ${__dirname} is the folder it is installed in; env merged, command and args replaced
    const withDir = (text: string) => text.replaceAll('${__dirname}', '/ext/hello')
    expect(template).toEqual({ command: withDir(expected.command), args: expected.args.map(withDir), env: expected.env })
  })

  it('a binary named by its place in the extension runs from there', () => {
    const binary = parseManifest(JSON.stringify(helloManifest({ server: { type: 'binary', entry_point: 'server/index.mjs', mcp_config: { command: 'server/tool', args: [] } } })))
    expect(serverTemplate(binary, '/ext/hello', 'linux').command).toBe('/ext/hello/server/tool')
  })
})
