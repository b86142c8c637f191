import { describe, expect, it } from 'vitest'
import { isInList, SERVER_CATALOGUE } from '@shared/mcp/serverCatalogue'
import type { AnyKindFields } from '@shared/mcp/server'

const entry = (key: string) => SERVER_CATALOGUE.find((e) => e.key === key)!
const server = (fields: Partial<AnyKindFields>): AnyKindFields => ({ id: 'x', name: 'x', type: fields.baseUrl ? 'httpAuto' : 'stdio', isActive: false, ...fields })

describe('is a catalogue entry already in the list (the card then says Added)', () => {
  it('a preset is found by where it goes, whatever the user named it', () => {
    expect(isInList(entry('flomo'), [server({ name: 'my notes', type: 'streamableHttp', baseUrl: 'https://flomoapp.com/mcp' })])).toBe(true)
    expect(isInList(entry('mcpAutoInstall'), [server({ name: 'installer', command: 'npx', args: ['-y', '@mcpmarket/mcp-auto-install', 'connect', '--json'] })])).toBe(true)
  })

  it('a server that only took a preset\'s name is not that preset, nor is the same command with other args', () => {
    expect(isInList(entry('flomo'), [server({ name: 'flomo', type: 'streamableHttp', baseUrl: 'https://example.com/mcp' })])).toBe(false)
    expect(isInList(entry('mcpAutoInstall'), [server({ name: 'mcp-auto-install', command: 'npx', args: ['-y', 'something-else'] })])).toBe(false)
  })

  it('a built-in is an in-memory server of its name; a stdio server of that name is not it', () => {
    expect(isInList(entry('memory'), [server({ name: '@studio/memory', type: 'inMemory' })])).toBe(true)
    expect(isInList(entry('memory'), [server({ name: '@studio/memory', type: 'stdio', command: 'node' })])).toBe(false)
  })
})
