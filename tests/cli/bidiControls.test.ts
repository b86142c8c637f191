import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

// "invoice" + U+202E + "fdp.exe" reads as "invoiceexe.pdf" on a terminal that obeys the override
const TRICK = 'invoice\u202Efdp.exe \u2066isolated\u2069'

describe('cli: bidirectional controls a server or a config sends', () => {
  it('are shown as escapes in human output, kept exactly in --json', async () => {
    const config = writeConfig({ [`srv\u202Eevil`]: { command: 'node', args: [EVERYTHING, 'stdio'] } })
    const listed = await cli([...config, 'servers'])
    expect(listed.stdout).toContain('srv\\u202eevil')
    expect(listed.stdout).not.toContain('\u202E')

    const args = JSON.stringify({ message: TRICK })
    const human = await cli([...config, 'call', 'srv\u202Eevil', 'echo', '--args', args])
    expect(human.code).toBe(0)
    expect(human.stdout.trim()).toBe('Echo: invoice\\u202efdp.exe \\u2066isolated\\u2069')
    const json = await cli([...config, 'call', 'srv\u202Eevil', 'echo', '--args', args, '--json'])
    expect(JSON.parse(json.stdout)).toEqual({ content: [{ type: 'text', text: `Echo: ${TRICK}` }] })
  })
})
