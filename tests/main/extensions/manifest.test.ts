import { describe, expect, it } from 'vitest'
import { compatibilityNotes, compatibilityProblems, satisfies } from '../../../src/main/services/extensions/compatibility'
import { parseManifest, sanitizeName } from '../../../src/main/services/extensions/manifest'
import { helloManifest } from './archives'

describe('manifest.json', () => {
  it('takes every published version, the older dxt_version included', () => {
    for (const version of ['0.1', '0.2', '0.3']) {
      const { manifest_version: _, ...rest } = helloManifest({ dxt_version: version })
      expect(parseManifest(JSON.stringify(rest)).name).toBe('hello-extension')
    }
    expect(parseManifest(JSON.stringify(helloManifest({ manifest_version: '0.4', server: { type: 'uv', entry_point: 'server/index.mjs', mcp_config: { command: 'uv', args: ['run', 'x'] } } }))).server.type).toBe('uv')
  })

  it('an unknown field is an error with its path, as the official schema is strict', () => {
    expect(() => parseManifest(JSON.stringify(helloManifest({ surprise: 1 })))).toThrow(/^manifest\.json: \(top level\): /)
    expect(() => parseManifest('{ not json')).toThrow(/^manifest\.json is not valid JSON: /)
    expect(() => parseManifest('[]')).toThrow('manifest.json must hold a JSON object')
  })

  it.each([
    ['hello-extension', 'hello-extension'],
    ['My Tool', 'my-tool'],
    ['../../etc', 'etc'],
    ['.hidden', 'hidden'],
    ['名字 tool', 'tool']
  ])('folder name of "%s": "%s"', (name, folder) => {
    expect(sanitizeName(name)).toBe(folder)
  })

  it('a name with nothing usable for a folder is refused', () => {
    expect(() => sanitizeName('名字')).toThrow('manifest.json: name "名字" has no usable characters for a folder name')
  })
})

describe('compatibility', () => {
  it.each([
    ['20.11.1', '>=18.0.0', true],
    ['16.20.0', '>=18.0.0', false],
    ['20.11.1', '^20', true],
    ['21.0.0', '^20', false],
    ['3.11.4', '>=3.10 <4', true],
    ['3.9.1', '>=3.10 <4', false],
    ['18.1.0', '16.x || 18.x', true],
    ['20.0.0', '*', true]
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected)
  })

  it('names what does not fit: the OS, and the runtime that would run it with the range and its version', () => {
    const manifest = parseManifest(JSON.stringify(helloManifest({ compatibility: { platforms: ['darwin'], runtimes: { node: '>=22', python: '>=3.12' } } })))
    expect(compatibilityProblems(manifest, { platform: 'linux', runtime: { name: 'Node', path: '/usr/bin/node', version: '20.1.0' } })).toEqual([
      'it runs on darwin only, not on linux',
      'it needs Node >=22; the Node that would run it, /usr/bin/node, is 20.1.0'
    ])
    expect(compatibilityProblems(manifest, { platform: 'darwin', runtime: { name: 'Python', path: '/usr/bin/python3', version: '3.11.7' } })).toEqual([
      'it needs Python >=3.12; the Python that would run it, /usr/bin/python3, is 3.11.7'
    ])
    expect(compatibilityProblems(manifest, { platform: 'darwin', runtime: { name: 'Node', path: '/opt/node', version: '22.3.0' } })).toEqual([])
    // uv brings its own Python; a runtime that was not found is a note, not a refusal
    expect(compatibilityProblems(manifest, { platform: 'darwin', runtime: { name: 'uv', path: '/usr/bin/uv' } })).toEqual([])
    expect(compatibilityProblems(manifest, { platform: 'darwin' })).toEqual([])
  })

  it('compatibility.claude_desktop is shown as a note, never a refusal: MCP Studio is not Claude Desktop', () => {
    const manifest = parseManifest(JSON.stringify(helloManifest({ compatibility: { claude_desktop: '>=0.10.0' } })))
    expect(compatibilityProblems(manifest, { platform: 'linux' })).toEqual([])
    expect(compatibilityNotes(manifest, { platform: 'linux', notes: ['python3 is not on your PATH; it runs with python (/usr/bin/python)'] })).toEqual([
      'written for Claude Desktop >=0.10.0; MCP Studio shows this range but does not check it',
      'python3 is not on your PATH; it runs with python (/usr/bin/python)'
    ])
  })
})
