import { afterEach, describe, expect, it } from 'vitest'
import { fixture } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

const FLOOD = 200_000
const config = writeConfig({ flood: { command: process.execPath, args: [fixture('log-flood.mjs')] } })

describe('cli call on a server flooding its own log', () => {
  it('prints the result; the trace holds the lines kept and says how many were dropped', async () => {
    const result = await cli([...config, 'call', 'flood', 'flood', '--args', JSON.stringify({ count: FLOOD }), '--trace', '--json'])
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout) as { content: unknown; trace: Array<{ attributes: Record<string, unknown>; events: Array<{ name: string }> }> }
    expect(printed.content).toEqual([{ type: 'text', text: `flooded ${FLOOD}` }])
    // the call's span saw only what the gate let through: its log events are capped, and the
    // count of the rest is a small fraction of the flood (at most a thousand a second got through)
    const call = printed.trace[0]
    const logEvents = call.events.filter((e) => e.name === 'log').length
    const overCap = Number(call.attributes['mcp.log.dropped'] ?? 0)
    expect(logEvents + overCap).toBeLessThan(FLOOD / 10)
    expect(result.stderr).not.toContain('flood line')
  }, 120_000)
})
