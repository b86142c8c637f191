import { afterEach, describe, expect, it } from 'vitest'
import { closeAllServices, fixture, makeService, stdioServer, waitFor, type RecordedEvent } from './helpers'

afterEach(closeAllServices)

const ASK = { message: 'Your name?', schema: { type: 'object', properties: { name: { type: 'string' } } } }

const eventsNamed = (events: RecordedEvent[], name: string) => events.filter((e) => e.event === name).map((e) => e.payload)

async function askedDialog(events: RecordedEvent[]) {
  await waitFor(() => eventsNamed(events, 'mcp:elicitation-request').length > 0, 15_000, 'the elicitation dialog')
  return eventsNamed(events, 'mcp:elicitation-request')[0] as { requestId: string }
}

describe('a question a tool call asked ends with the call', () => {
  it('when the call times out: the dialog is closed as cancelled, nothing is left pending', async () => {
    const { service, events } = makeService()
    const server = stdioServer(fixture('asker.mjs'), { timeout: 1 })
    const call = service.callTool({ server, name: 'ask', args: ASK, callId: 'times-out' })
    const asked = await askedDialog(events)
    await expect(call).rejects.toMatchObject({ code: 'TOOL_TIMEOUT' })
    await waitFor(() => eventsNamed(events, 'mcp:client-request-done').some((done) => done.requestId === asked.requestId), 5000, 'the dialog closed')
    expect(eventsNamed(events, 'mcp:client-request-done').find((done) => done.requestId === asked.requestId)).toMatchObject({ outcome: 'cancelled' })
    expect(service.pendingRequests()).toEqual([])
  })

  it('when the call is cancelled', async () => {
    const { service, events } = makeService()
    const server = stdioServer(fixture('asker.mjs'))
    const call = service.callTool({ server, name: 'ask', args: ASK, callId: 'cancelled' })
    const asked = await askedDialog(events)
    expect(service.abortTool('cancelled')).toBe(true)
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' })
    await waitFor(() => service.pendingRequests().length === 0, 5000, 'nothing pending')
    expect(eventsNamed(events, 'mcp:client-request-done').find((done) => done.requestId === asked.requestId)).toMatchObject({ outcome: 'cancelled' })
  })

  it('another call of the server still running keeps it: it may be the one that asked', async () => {
    const { service, events } = makeService()
    const server = stdioServer(fixture('asker.mjs'))
    const asking = service.callTool({ server, name: 'ask', args: ASK, callId: 'asking' })
    const asked = await askedDialog(events)
    const other = service.callTool({ server, name: 'sleep', args: { ms: 60_000 }, callId: 'other' })
    service.abortTool('other')
    await expect(other).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(service.pendingRequests().map((p) => p.event.requestId)).toEqual([asked.requestId])
    service.abortTool('asking')
    await expect(asking).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})
