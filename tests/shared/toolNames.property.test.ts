import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildFunctionCallToolName, buildToolIds, parseFunctionCallToolName } from '@shared/mcp/toolNames'

const VALID = /^[A-Za-z0-9_]{1,63}$/

// names as servers really send them, and the awkward ones: separators, Chinese, emoji, 200 chars
const chinese = fc.string({ unit: fc.constantFrom(...'查询天气股票工具文件读取写入'), minLength: 1, maxLength: 12 })
const emoji = fc.string({ unit: fc.constantFrom('🌤️', '🔥', '📁', '✅', '👍🏽', '-', 'a'), minLength: 1, maxLength: 8 })
const separated = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,8}([-_ .][a-zA-Z0-9]{1,8}){0,4}$/)
const long = fc.string({ minLength: 150, maxLength: 200 })
const anyName = fc.oneof(fc.string({ minLength: 1 }), fc.string({ unit: 'binary', minLength: 1 }), chinese, emoji, separated, long)
const serverName = fc.oneof(fc.string(), separated, chinese, fc.string({ minLength: 30, maxLength: 120 }))
const toolList = fc.uniqueArray(anyName, { minLength: 1, maxLength: 40 })

describe('buildFunctionCallToolName properties', () => {
  it('always [A-Za-z0-9_], 1–63 characters, starts with mcp__, and deterministic', () => {
    fc.assert(
      fc.property(serverName, anyName, (server, tool) => {
        const id = buildFunctionCallToolName(server, tool)
        expect(id).toMatch(VALID)
        expect(id.startsWith('mcp__')).toBe(true)
        expect(buildFunctionCallToolName(server, tool)).toBe(id)
      }),
      { numRuns: 2000 }
    )
  })

  it('distinct tools of one server get distinct ids (Chinese, emoji, 200-char names included)', () => {
    fc.assert(
      fc.property(serverName, toolList, (server, tools) => {
        const ids = buildToolIds(server, tools)
        expect(new Set(ids).size).toBe(tools.length)
      }),
      { numRuns: 1000 }
    )
  })

  it('names that differ only in separators or case stay apart', () => {
    fc.assert(
      fc.property(serverName, fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 }), (server, words) => {
        const variants = new Set([
          words.join('-'),
          words.join('_'),
          words.join(' '),
          words.join('.'),
          words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join(''),
          words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
        ])
        const ids = buildToolIds(server, [...variants])
        expect(new Set(ids).size).toBe(variants.size)
      })
    )
  })

  it('an id depends only on server and tool: any order of the list gives the same ids', () => {
    fc.assert(
      fc.property(
        serverName,
        toolList.chain((tools) => fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length }))),
        (server, [tools, shuffled]) => {
          const byName = new Map(tools.map((name, i) => [name, buildToolIds(server, tools)[i]]))
          const again = buildToolIds(server, shuffled)
          shuffled.forEach((name, i) => expect(again[i]).toBe(byName.get(name)))
          // and alone, without the rest of the list
          for (const name of shuffled) expect(buildFunctionCallToolName(server, name)).toBe(byName.get(name))
        }
      ),
      { numRuns: 300 }
    )
  })

  it('parseFunctionCallToolName inverts build through the list', () => {
    fc.assert(
      fc.property(serverName, toolList, (server, names) => {
        const tools = names.map((name) => ({ name, serverName: server, id: buildFunctionCallToolName(server, name) }))
        for (const tool of tools) expect(parseFunctionCallToolName(tool.id, tools)).toBe(tool)
        expect(parseFunctionCallToolName('mcp__not__there', tools)).toBeUndefined()
      }),
      { numRuns: 300 }
    )
  })
})
