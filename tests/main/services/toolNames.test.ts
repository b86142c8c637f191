import { describe, expect, it } from 'vitest'
import { buildFunctionCallToolName, buildToolIds, createToolNameLookup, parseFunctionCallToolName } from '@shared/mcp/toolNames'

// the properties (valid, unique, order-independent, invertible) are in tests/shared/toolNames.property.test.ts
describe('buildFunctionCallToolName examples', () => {
  it('a name of ASCII letters and digits is kept as it is', () => {
    expect(buildFunctionCallToolName('everything', 'echo')).toBe('mcp__everything__echo')
    expect(buildFunctionCallToolName('my server', 'getWeather')).toBe('mcp__myServer__getWeather')
    expect(buildFunctionCallToolName('memory-echo', 'GetWeather')).toBe('mcp__memoryEcho__GetWeather')
  })

  it('a name camel-casing changes keeps its camel form and gets a hash of the exact name', () => {
    const ids = buildToolIds('weather', ['getWeather', 'get-weather', 'get_weather'])
    expect(ids[0]).toBe('mcp__weather__getWeather')
    expect(ids[1]).toMatch(/^mcp__weather__getWeather_[0-9a-z]{8}$/)
    expect(ids[2]).toMatch(/^mcp__weather__getWeather_[0-9a-z]{8}$/)
    expect(new Set(ids).size).toBe(3)
    // the same whichever comes first
    expect(buildToolIds('weather', ['get_weather', 'get-weather', 'getWeather'])).toEqual([ids[2], ids[1], ids[0]])
  })

  it('two 150-character names differing in the last letter get two ids of at most 63 characters', () => {
    const long = 'a'.repeat(149)
    const a = buildFunctionCallToolName('srv', `${long}x`)
    const b = buildFunctionCallToolName('srv', `${long}y`)
    expect(a).toHaveLength(63)
    expect(b).toHaveLength(63)
    expect(a).not.toBe(b)
    expect(a.startsWith('mcp__srv__aaaa')).toBe(true)
  })

  it('Chinese and emoji names are hashed, never dropped or merged', () => {
    const ids = buildToolIds('工具', ['查询天气', '查询股票', '天气', '🌤️', '🔥', '🌤️ weather'])
    expect(new Set(ids).size).toBe(6)
    for (const id of ids) expect(id).toMatch(/^mcp__s_[0-9a-z]{6}__[A-Za-z0-9]+_[0-9a-z]{8}$/)
    expect(ids[5]).toMatch(/__weather_/)
    // two non-ASCII servers do not share a prefix
    expect(buildFunctionCallToolName('天气', 'echo')).not.toBe(buildFunctionCallToolName('股票', 'echo'))
  })

  it('a very long server name is cut so the tool still shows', () => {
    const id = buildFunctionCallToolName('x'.repeat(100), 'echo')
    expect(id).toMatch(/^mcp__x{17}_[0-9a-z]{6}__echo$/)
  })

  it('parse and the lookup map ids back to their tools', () => {
    const names = ['get-sum', 'get_sum', 'getSum', 'echo']
    const tools = names.map((name) => ({ name, id: buildFunctionCallToolName('s', name), serverId: 's' }))
    const lookup = createToolNameLookup(tools)
    for (const tool of tools) {
      expect(lookup(tool.id)).toBe(tool)
      expect(parseFunctionCallToolName(tool.id, tools)).toBe(tool)
    }
    expect(lookup('mcp__s__nope')).toBeUndefined()
    expect(parseFunctionCallToolName('mcp__s__nope', tools)).toBeUndefined()
  })
})
