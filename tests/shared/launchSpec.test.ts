import { describe, expect, it } from 'vitest'
import { approvalTarget, launchKey, needsRestart, runsNothing } from '@shared/mcp/launchSpec'
import type { McpServer } from '@shared/mcp/server'

const stdio: McpServer = { id: '1', name: 'Local', type: 'stdio', command: 'node', args: ['x'], env: { A: '1', B: '2' }, isActive: true }
const http: McpServer = { id: '2', name: 'Remote', type: 'streamableHttp', baseUrl: 'https://example.test/mcp', headers: { Authorization: 'Bearer one' }, isActive: true }

describe('launchSpec: one answer to "is this the same server?"', () => {
  it('is stable under key order and does not see cosmetic fields', () => {
    expect(launchKey({ ...stdio, env: { B: '2', A: '1' } })).toBe(launchKey(stdio))
    const cosmetic: Partial<McpServer> = {
      name: 'Renamed',
      ui: { description: 'new words', logoUrl: 'https://example.test/logo.png', tags: ['a'] },
      tools: { disabled: ['t'], askFirst: ['t'] },
      notSecret: ['A'],
      roots: ['/tmp'],
      timeout: 30,
      longRunning: true,
      // the sampling switch is read at each request
      samplingAutoApprove: true
    }
    expect(needsRestart(stdio, { ...stdio, ...cosmetic } as McpServer)).toBe(false)
    expect(needsRestart(http, { ...http, ...cosmetic } as McpServer)).toBe(false)
  })

  it('restarts for what changes the process: command, args, env values, folder, package registry, extension settings', () => {
    for (const change of [
      { command: 'deno' },
      { args: ['y'] },
      { env: { A: '1', B: '3' } },
      { cwd: '/srv' },
      { registryUrl: 'https://mirror.example.test/' },
      { userConfig: { key: 'v' } },
      { type: 'inMemory' as const }
    ]) {
      expect(needsRestart(stdio, { ...stdio, ...change }), JSON.stringify(change)).toBe(true)
    }
  })

  it('restarts for what changes the connection: URL, transport, header values, OAuth settings', () => {
    for (const change of [
      { baseUrl: 'https://example.test/other' },
      { type: 'sse' as const },
      { headers: { Authorization: 'Bearer two' } },
      { oauth: { scopes: ['read'] } }
    ]) {
      expect(needsRestart(http, { ...http, ...change }), JSON.stringify(change)).toBe(true)
    }
  })

  it('names the server: two servers never share a key, and a value cannot pose as another field', () => {
    expect(launchKey({ ...stdio, id: '9' })).not.toBe(launchKey(stdio))
    expect(launchKey({ id: '1', name: 'a', type: 'httpAuto', baseUrl: 'node', isActive: false })).not.toBe(launchKey({ id: '1', name: 'a', type: 'stdio', command: 'node', isActive: false }))
  })

  it('approves the command line, env names and folder — or the URL — and never a value', () => {
    expect(approvalTarget({ ...stdio, cwd: '/srv' })).toBe('node x\nenv: A, B\ncwd: /srv')
    expect(approvalTarget({ ...stdio, env: { A: 'other', B: 'values' } })).toBe(approvalTarget(stdio))
    expect(approvalTarget(http)).toBe('https://example.test/mcp')
    expect(approvalTarget({ ...http, headers: { Authorization: 'Bearer two' } })).toBe(approvalTarget(http))
  })

  it('asks no approval for the app’s own in-process servers only', () => {
    expect(runsNothing({ id: 'm', name: '@studio/memory', type: 'inMemory', isActive: true })).toBe(true)
    expect(runsNothing(stdio)).toBe(false)
    expect(runsNothing(http)).toBe(false)
  })
})
