import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import type { MCPService } from '../../../src/main/services/mcp/MCPService'
import { progressOf } from './callHelpers'
import { closeAllServices, everythingStdio, makeService, startEverythingHttp, type RecordedEvent } from './helpers'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

type Transport = 'stdio' | 'sse' | 'streamableHttp'

// every list and call over each transport against the same real server
describe.each<Transport>(['stdio', 'sse', 'streamableHttp'])('server-everything over %s', (transport) => {
  let service: MCPService
  let events: RecordedEvent[]
  let server: McpServer
  let stopHttp: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ service, events } = makeService())
    if (transport === 'stdio') {
      server = everythingStdio({ id: `matrix-${transport}`, name: 'everything' })
    } else {
      const http = await startEverythingHttp(transport)
      stopHttp = http.stop
      server = { id: `matrix-${transport}`, name: 'everything', type: transport, baseUrl: http.url, isActive: true }
    }
    await service.initClient(server)
  })
  afterAll(async () => {
    await closeAllServices()
    await stopHttp?.()
  })

  it('lists tools', async () => {
    const names = (await service.listTools(server)).map((t) => t.name)
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-tiny-image', 'get-structured-content', 'get-resource-links', 'get-resource-reference', 'trigger-long-running-operation'])
    )
  })

  it('calls echo', async () => {
    const result = await service.callTool({ server, name: 'echo', args: { message: `over ${transport}` } })
    expect(result.content).toEqual([{ type: 'text', text: `Echo: over ${transport}` }])
    expect(result.isError).toBeFalsy()
  })

  it('keeps an image intact: base64 of a PNG, mimeType image/png', async () => {
    const result = await service.callTool({ server, name: 'get-tiny-image', args: {} })
    const image = result.content.find((c) => c.type === 'image')
    if (image?.type !== 'image') throw new Error(`no image content in ${JSON.stringify(result.content)}`)
    expect(image.mimeType).toBe('image/png')
    const bytes = Buffer.from(image.data, 'base64')
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
    // the round trip lost nothing: re-encoding gives the same text
    expect(bytes.toString('base64')).toBe(image.data)
    expect(result.content.filter((c) => c.type === 'text')).toHaveLength(2)
  })

  it('keeps structuredContent', async () => {
    const result = await service.callTool({ server, name: 'get-structured-content', args: { location: 'Chicago' } })
    expect(result.structuredContent).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 })
  })

  it('keeps resource_link content', async () => {
    const result = await service.callTool({ server, name: 'get-resource-links', args: { count: 3 } })
    const links = result.content.filter((c) => c.type === 'resource_link')
    expect(links).toHaveLength(3)
    for (const link of links) expect(link).toMatchObject({ uri: expect.stringMatching(/^demo:\/\//), name: expect.stringMatching(/Resource \d/) })
  })

  it('keeps embedded resource content, text and blob', async () => {
    const text = await service.callTool({ server, name: 'get-resource-reference', args: { resourceType: 'Text', resourceId: 2 } })
    const textResource = text.content.find((c) => c.type === 'resource')
    if (textResource?.type !== 'resource') throw new Error(`no resource content in ${JSON.stringify(text.content)}`)
    expect(textResource.resource).toMatchObject({ uri: expect.stringContaining('2'), text: expect.any(String) })
    const blob = await service.callTool({ server, name: 'get-resource-reference', args: { resourceType: 'Blob', resourceId: 3 } })
    const blobResource = blob.content.find((c) => c.type === 'resource')
    if (blobResource?.type !== 'resource' || !('blob' in blobResource.resource)) throw new Error(`no blob resource in ${JSON.stringify(blob.content)}`)
    expect(Buffer.from(blobResource.resource.blob, 'base64').length).toBeGreaterThan(0)
  })

  it('keeps an isError result as a result', async () => {
    const result = await service.callTool({ server, name: 'get-resource-reference', args: { resourceType: 'Text', resourceId: 0 } })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('Invalid resourceId')
  })

  it('forwards progress with the callId', async () => {
    const callId = `matrix-progress-${transport}`
    await service.callTool({ server, name: 'trigger-long-running-operation', args: { duration: 0.5, steps: 5 }, callId })
    // the SDK may drop the last one
    expect(progressOf(events, callId).length).toBeGreaterThanOrEqual(2)
  })

  it('lists prompts and gets one with arguments', async () => {
    const prompts = await service.listPrompts(server)
    expect(prompts.find((p) => p.name === 'args-prompt')?.arguments?.map((a) => a.name)).toEqual(expect.arrayContaining(['city']))
    const prompt = await service.getPrompt({ server, name: 'args-prompt', args: { city: 'Paris', state: 'Île-de-France' } })
    expect(JSON.stringify(prompt.messages)).toContain('Paris')
  })

  it('lists resources and reads one', async () => {
    const resources = await service.listResources(server)
    expect(resources.length).toBeGreaterThan(0)
    const read = await service.getResource({ server, uri: resources[0].uri })
    expect(read.contents).toHaveLength(1)
    expect(read.contents[0].uri).toBe(resources[0].uri)
    expect('text' in read.contents[0] || 'blob' in read.contents[0]).toBe(true)
  })
})
