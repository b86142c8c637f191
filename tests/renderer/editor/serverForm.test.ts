import { describe, expect, it } from 'vitest'
import { anyKindFields, type McpServer } from '@shared/mcp/server'
import { diffServer, fromFormValues, toFormValues } from '@renderer/components/editor/serverForm'
import { maskEnv } from '@renderer/components/editor/EnvField'

const base: McpServer = { id: 'a', name: 'A', type: 'stdio', command: 'node', args: ['x.js'], env: { K: 'v=1' }, isActive: true, tools: { disabled: ['t'] } }

describe('server form', () => {
  it('round-trips a server through the form unchanged, keeping fields the form does not show', () => {
    const { server, errors } = fromFormValues(toFormValues(base), base, [])
    expect(errors).toEqual({})
    expect(server).toEqual(base)
  })

  it('reads lists one per line and pairs as KEY=value / Name: value, values may contain the separator', () => {
    const values = { ...toFormValues(base), args: ' a \n\n b c ', env: 'A=1\n# a comment\nB=x=y' }
    expect(fromFormValues(values, base, []).server).toMatchObject({ args: ['a', 'b c'], env: { A: '1', B: 'x=y' } })
    const remote = { ...toFormValues(base), type: 'sse' as const, baseUrl: 'https://h/sse', headers: 'Authorization: Bearer a:b' }
    const { server } = fromFormValues(remote, base, [])
    expect(server).toMatchObject({ type: 'sse', baseUrl: 'https://h/sse', headers: { Authorization: 'Bearer a:b' } })
    // a remote server keeps no stdio fields
    expect(anyKindFields(server).command).toBeUndefined()
    expect(anyKindFields(server).env).toBeUndefined()
  })

  it('a built-in keeps its args and env through the form (its folder, its data file); it has no command or URL', () => {
    const builtin: McpServer = { id: 'fs', name: '@studio/filesystem', type: 'inMemory', args: ['/home/me/notes'], env: { K: 'v' }, isActive: true }
    const { server, errors } = fromFormValues(toFormValues(builtin), builtin, [])
    expect(errors).toEqual({})
    expect(server).toEqual(builtin)
    expect(anyKindFields(fromFormValues({ ...toFormValues(builtin), args: '/a\n/b' }, builtin, []).server).args).toEqual(['/a', '/b'])
  })

  it('names each bad field', () => {
    const values = { ...toFormValues(base), name: ' ', command: '', env: '1BAD=x', timeout: 0 }
    expect(fromFormValues(values, base, []).errors).toEqual({
      name: { key: 'required' },
      command: { key: 'commandRequired' },
      env: { key: 'envLine', values: { line: 1 } },
      timeout: { key: 'timeoutPositive' }
    })
    expect(fromFormValues({ ...toFormValues(base), name: 'b' }, base, ['B']).errors.name).toEqual({ key: 'nameTaken', values: { name: 'b' } })
    // a "__proto__" line would vanish on the way into an object: it is named as the bad line instead
    const proto = { ...toFormValues(base), env: 'OK=1\n__proto__=x' }
    expect(fromFormValues(proto, base, []).errors.env).toEqual({ key: 'envLine', values: { line: 2 } })
  })

  it('a URL may hold ${env:NAME} placeholders (filled in when the server starts); anything else must be http(s)', () => {
    const remote = (baseUrl: string) => fromFormValues({ ...toFormValues(base), type: 'streamableHttp' as const, baseUrl }, base, [])
    expect(remote('${env:MCP_URL}').errors).toEqual({})
    expect(remote('https://${env:MCP_HOST}/mcp').errors).toEqual({})
    expect(remote('ftp://files.example/mcp').errors.baseUrl).toEqual({ key: 'urlInvalid' })
    expect(remote('not a url').errors.baseUrl).toEqual({ key: 'urlInvalid' })
    expect(fromFormValues({ ...toFormValues(base), registryUrl: '${env:REGISTRY}' }, base, []).errors.registryUrl).toEqual({ key: 'urlInvalid' })
  })

  // what a change means for a running server is main's to decide (it restarts, tells roots, or does nothing)
  it('diffs what Save changes, cleared fields as undefined', () => {
    const after = fromFormValues({ ...toFormValues(base), args: '', timeout: 30 }, base, []).server
    expect(diffServer(base, after)).toEqual({ args: undefined, timeout: 30 })
    expect(diffServer(base, fromFormValues(toFormValues(base), base, []).server)).toEqual({})
  })

  it('masks every env value, keeping the names', () => {
    expect(maskEnv('A=secret\nB=\nbroken')).toBe('A=••••••\nB=\nbroken')
  })
})
