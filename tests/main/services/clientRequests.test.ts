import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import type { McpServer } from '@shared/mcp/server'
import { unwrapResponse } from '@shared/ipc/errors'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { mcpHandlers } from '../../../src/main/ipc/mcpHandlers'
import { serverHandlers } from '../../../src/main/ipc/serverHandlers'
import { ServerRegistry } from '../../../src/main/services/servers/ServerRegistry'
import { ServerManager } from '../../../src/main/services/lifecycle/ServerManager'
import { closeAllServices, everythingStdio, makeService, tempDir, waitFor, type RecordedEvent } from './helpers'

afterEach(() => closeAllServices())

/** A real MCPService behind the real router: every call and answer goes through the IPC contract. */
const managers: Array<() => void> = []
afterEach(() => managers.splice(0).forEach((stop) => stop()))

function host(options: { clientRequestTimeoutMs?: number } = {}) {
  const { service, events, platform } = makeService(options)
  const registry = new ServerRegistry({ userDataDir: tempDir('mcp-registry-') })
  const router = new IpcRouter()
  router.handleAll({ ...serverHandlers({ registry, mcp: service, platform }), ...mcpHandlers(service, registry) })
  // as in the app: main acts on the list's changes (new roots reach a running server)
  managers.push(new ServerManager(registry, service).start())
  const invoke = async <C extends IpcChannelName>(channel: C, args: IpcArgs<C>) =>
    unwrapResponse(await router.invoke(channel, structuredClone(args), { via: 'direct' })) as IpcResult<C>
  /** in main's list and approved, as a server the user started before */
  const add = async (server: McpServer) => {
    await invoke('servers:add', { servers: [server] })
    await invoke('servers:approve', { serverIds: [server.id] })
    return server
  }
  return { service, events, invoke, add }
}

async function nextEvent(events: RecordedEvent[], name: string, seen = 0) {
  await waitFor(() => events.filter((e) => e.event === name).length > seen, 15_000, name)
  return events.filter((e) => e.event === name)[seen].payload
}

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')

describe('elicitation answered through the contract', () => {
  it('accept with content: the values reach the tool, and defaults fill what the user left out', async () => {
    const { events, invoke, add } = host()
    const server = await add(everythingStdio())
    const call = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-elicitation-request', args: {} })
    const request = await nextEvent(events, 'mcp:elicitation-request')
    expect(request).toMatchObject({ serverId: server.id, serverName: 'everything' })
    expect(request.params.requestedSchema.required).toEqual(['name'])
    expect(request.expiresAt).toBeGreaterThan(Date.now())
    const accepted = await invoke('mcp:respond-elicitation', {
      requestId: request.requestId,
      response: { action: 'accept', content: { name: 'Ada Lovelace', check: true } }
    })
    expect(accepted).toBe(true)
    const output = text(await call)
    expect(output).toContain('Ada Lovelace')
    // firstLine and integer were not sent: the SDK applied the schema's defaults
    expect(output).toContain('It was a dark and stormy night.')
    expect(output).toContain('42')
    expect(await nextEvent(events, 'mcp:client-request-done')).toEqual({ requestId: request.requestId, outcome: 'answered' })
  })

  it('decline and cancel are passed on as such', async () => {
    const { events, invoke, add } = host()
    const server = await add(everythingStdio())
    const declined = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-elicitation-request', args: {} })
    const first = await nextEvent(events, 'mcp:elicitation-request')
    await invoke('mcp:respond-elicitation', { requestId: first.requestId, response: { action: 'decline' } })
    expect(text(await declined)).toContain('declined')

    const cancelled = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-elicitation-request', args: {} })
    const second = await nextEvent(events, 'mcp:elicitation-request', 1)
    await invoke('mcp:respond-elicitation', { requestId: second.requestId, response: { action: 'cancel' } })
    expect(text(await cancelled)).toContain('cancelled')
  })

  it('nobody answers: it times out as a cancel and the dialog is told to close', async () => {
    const { events, invoke, add } = host({ clientRequestTimeoutMs: 300 })
    const server = await add(everythingStdio())
    const result = await invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-elicitation-request', args: {} })
    expect(text(result)).toContain('cancelled')
    const request = await nextEvent(events, 'mcp:elicitation-request')
    expect(await nextEvent(events, 'mcp:client-request-done')).toEqual({ requestId: request.requestId, outcome: 'timeout' })
    expect(await invoke('mcp:respond-elicitation', { requestId: request.requestId, response: { action: 'decline' } })).toBe(false)
  })

  it('URL mode carries the URL for the dialog to show; a non-http(s) URL is declined without asking', async () => {
    const { events, invoke, add } = host()
    const server = await add(everythingStdio())
    const call = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-url-elicitation', args: { url: 'https://example.com/approve?x=1' } })
    const request = await nextEvent(events, 'mcp:elicitation-request')
    expect(request.params).toMatchObject({ mode: 'url', url: 'https://example.com/approve?x=1' })
    await invoke('mcp:respond-elicitation', { requestId: request.requestId, response: { action: 'accept' } })
    expect(text(await call)).toMatch(/accept/i)

    const bad = await invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-url-elicitation', args: { url: 'javascript:alert(1)' } })
    expect(text(bad)).toMatch(/decline/i)
    expect(events.filter((e) => e.event === 'mcp:elicitation-request')).toHaveLength(1)
  })

  it('a window that loads late gets the requests still waiting, and they leave the list once answered', async () => {
    const { events, invoke, add } = host()
    const server = await add(everythingStdio())
    const call = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-elicitation-request', args: {} })
    const request = await nextEvent(events, 'mcp:elicitation-request')
    expect(await invoke('mcp:pending-requests', undefined)).toEqual([{ kind: 'elicitation', event: request }])
    await invoke('mcp:respond-elicitation', { requestId: request.requestId, response: { action: 'decline' } })
    await call
    expect(await invoke('mcp:pending-requests', undefined)).toEqual([])
  })

  it('answering an unknown request is refused (false), and the payload is validated', async () => {
    const { invoke } = host()
    expect(await invoke('mcp:respond-elicitation', { requestId: 'nope', response: { action: 'cancel' } })).toBe(false)
    await expect(
      invoke('mcp:respond-elicitation', { requestId: 'x', response: { action: 'maybe' } as never })
    ).rejects.toThrow(/response/)
  })
})

describe('sampling answered through the contract', () => {
  it('shows the request; an approved, typed reply is what the server gets', async () => {
    const { events, invoke, add } = host()
    const server = await add(everythingStdio())
    const call = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-sampling-request', args: { prompt: 'Say hi', maxTokens: 50 } })
    const request = await nextEvent(events, 'mcp:sampling-request')
    expect(request.params).toMatchObject({ maxTokens: 50, systemPrompt: 'You are a helpful test server.' })
    expect(JSON.stringify(request.params.messages)).toContain('Say hi')
    await invoke('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'approve', text: 'Hi from a human' } })
    const output = text(await call)
    expect(output).toContain('Hi from a human')
    expect(output).toContain('"model": "user"')
  })

  it('a rejection and an unanswered request both reach the server as an error, never a silent reply', async () => {
    const { events, invoke, add } = host({ clientRequestTimeoutMs: 300 })
    const server = await add(everythingStdio())
    const rejected = invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-sampling-request', args: { prompt: 'x' } })
    const request = await nextEvent(events, 'mcp:sampling-request')
    await invoke('mcp:respond-sampling', { requestId: request.requestId, response: { action: 'reject', reason: 'not now' } })
    const outcome = await rejected.then(text, (error: Error) => error.message)
    expect(outcome).toContain('rejected the sampling request: not now')

    const unanswered = await invoke('mcp:call-tool', { serverId: server.id, name: 'trigger-sampling-request', args: { prompt: 'y' } }).then(
      text,
      (error: Error) => error.message
    )
    expect(unanswered).toContain('nobody answered the sampling request in time')
    const second = await nextEvent(events, 'mcp:sampling-request', 1)
    expect(events.filter((e) => e.event === 'mcp:client-request-done').map((e) => e.payload)).toContainEqual({
      requestId: second.requestId,
      outcome: 'timeout'
    })
  })
})

describe('roots', () => {
  it('get-roots-list shows the configured folders; saving new ones tells the connected server', async () => {
    const { invoke, add, service } = host()
    const first = mkdtempSync(join(tmpdir(), 'root-a-'))
    const second = mkdtempSync(join(tmpdir(), 'root-b-'))
    const server = await add(everythingStdio({ roots: [first] }))
    await waitFor(async () => text(await invoke('mcp:call-tool', { serverId: server.id, name: 'get-roots-list', args: {} })).includes(pathToFileURL(first).href), 15_000, 'first root')

    const moved = await invoke('servers:update', { serverId: server.id, changes: { roots: [second] } })
    expect(moved.roots).toEqual([second])
    await waitFor(async () => text(await invoke('mcp:call-tool', { serverId: moved.id, name: 'get-roots-list', args: {} })).includes(pathToFileURL(second).href), 15_000, 'second root')
    // the same roots again: nothing to tell
    expect(await service.updateRoots(moved)).toBe(false)
  })
})
