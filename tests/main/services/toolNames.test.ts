import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildFunctionCallToolName, buildToolIds, createToolNameLookup } from '@shared/mcp/toolNames'
import { getServerKey } from '@shared/mcp/serverKey'

describe('buildFunctionCallToolName (X7)', () => {
  it('camel-cases server and tool', () => {
    expect(buildFunctionCallToolName('everything', 'get-sum')).toBe('mcp__everything__getSum')
    expect(buildFunctionCallToolName('my server', 'read_file')).toBe('mcp__myServer__readFile')
  })

  it('always [A-Za-z0-9_], at most 63 characters, stable', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (server, tool) => {
        const id = buildFunctionCallToolName(server, tool)
        expect(id).toMatch(/^[A-Za-z0-9_]{1,63}$/)
        expect(buildFunctionCallToolName(server, tool)).toBe(id)
      })
    )
  })

  it('long names are cut with a hash, so two long names stay apart', () => {
    const long = 'a'.repeat(80)
    const a = buildFunctionCallToolName('srv', `${long}-one`)
    const b = buildFunctionCallToolName('srv', `${long}-two`)
    expect(a).toHaveLength(63)
    expect(a).not.toBe(b)
  })

  it('non-ASCII (Chinese) names do not collapse into one id', () => {
    const ids = ['查询天气', '查询股票', '天气'].map((t) => buildFunctionCallToolName('工具', t))
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toMatch(/^mcp__[A-Za-z0-9_]+$/)
  })

  it('ids are unique within a server\'s list, and the lookup inverts them', () => {
    const names = ['get-sum', 'get_sum', 'getSum', 'echo']
    const ids = buildToolIds('s', names)
    expect(new Set(ids).size).toBe(4)
    expect(ids[0]).toBe('mcp__s__getSum')
    const tools = names.map((name, i) => ({ name, id: ids[i], serverId: 's' }))
    const lookup = createToolNameLookup(tools)
    expect(lookup(ids[1])?.name).toBe('get_sum')
    expect(lookup('mcp__s__nope')).toBeUndefined()
  })
})

describe('getServerKey (L1)', () => {
  it('is stable under key order and ignores fields that do not change the connection', () => {
    const a = getServerKey({ id: '1', command: 'node', args: ['x'], env: { A: '1', B: '2' } })
    const b = getServerKey({ env: { B: '2', A: '1' }, args: ['x'], command: 'node', id: '1' })
    expect(a).toBe(b)
    const withName = { id: '1', command: 'node', args: ['x'], env: { A: '1', B: '2' }, name: 'renamed' }
    expect(getServerKey(withName)).toBe(a)
    expect(getServerKey({ id: '1', command: 'node', args: ['y'], env: { A: '1', B: '2' } })).not.toBe(a)
  })
})
