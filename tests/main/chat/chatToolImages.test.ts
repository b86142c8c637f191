import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { chatModel } from '../../../src/main/services/chat/providers'
import { listChatTools } from '../../../src/main/services/chat/chatTools'
import { runChatTurn } from '../../../src/main/services/chat/chatTurn'
import { toolResultContent } from '../../../src/main/services/chat/toolResultForModel'
import { imageUrls, scriptedModel, toolResults, type ChatRequest, type Reply, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { closeAllServices, everythingStdio, makeService } from '../services/helpers'

// server-everything's get-tiny-image returns a PNG; the scripted endpoint records what reached the model.
const endpoints: ScriptedModel[] = []
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()))
})
afterAll(closeAllServices)

async function imageTurn(images: boolean) {
  let imageTool = ''
  const endpoint = await scriptedModel((request: ChatRequest): Reply => (toolResults(request).length ? { text: 'I see a tiny picture.' } : { toolCalls: [{ name: imageTool, args: {} }] }))
  endpoints.push(endpoint)
  const { service } = makeService()
  const tools = await listChatTools(service, [everythingStdio()])
  imageTool = [...tools].find(([, t]) => t.tool.name === 'get-tiny-image')![0]
  const provider = { baseUrl: endpoint.baseUrl, model: 'scripted-1' }
  const result = await runChatTurn({ host: service, model: chatModel(provider), provider, tools, messages: [{ role: 'user', content: 'show me an image' }], approval: 'all', maxRetries: 0, images })
  return { result, requests: endpoint.requests() }
}

describe('images in tool results', () => {
  it('reach a model that takes images as an image part after the tool result, on the next request', async () => {
    const { result, requests } = await imageTurn(true)
    expect(result.text).toBe('I see a tiny picture.')
    const [first, second] = requests
    expect(imageUrls(first)).toEqual([])
    const urls = imageUrls(second)
    expect(urls).toHaveLength(1)
    expect(urls[0]).toMatch(/^data:image\/png;base64,iVBOR/)
    // the tool's text says where the image is; the image comes in a user message right after it
    const toolAt = second.messages.findIndex((m) => m.role === 'tool')
    expect(String(second.messages[toolAt].content)).toMatch(/\[image: image\/png, \d+ (bytes|KB) — attached after this result as image 1\]/)
    expect(second.messages[toolAt + 1].role).toBe('user')
    expect(imageUrls({ ...second, messages: [second.messages[toolAt + 1]] })).toHaveLength(1)
    // the history the next message builds on keeps no image, and its text says the image went with this turn only
    const kept = JSON.stringify(result.responseMessages)
    expect(kept).not.toContain('iVBOR')
    expect(kept).toMatch(/\[image: image\/png, \d+ (bytes|KB) — shown to the model when the tool ran, not kept\]/)
  })

  it('reach a text-only model as a short placeholder, and no image is sent', async () => {
    const { result, requests } = await imageTurn(false)
    expect(result.text).toBe('I see a tiny picture.')
    expect(requests.flatMap(imageUrls)).toEqual([])
    expect(toolResults(requests[1]).join('\n')).toMatch(/\[image: image\/png, \d+ (bytes|KB) — this model does not take images\]/)
    expect(result.toolCalls[0].result).toContain('this model does not take images')
  })

  it('an image over the size limit, or in a format models do not read, is described instead of sent', () => {
    const big = Buffer.alloc(3 * 1024 * 1024).toString('base64')
    const shaped = toolResultContent({ content: [{ type: 'image', mimeType: 'image/png', data: big }, { type: 'image', mimeType: 'image/tiff', data: 'AAAA' }] }, (t) => t, { images: true, maxImageBytes: 1024 * 1024 })
    expect(shaped.images).toEqual([])
    expect(shaped.text).toBe('[image: image/png, 3.0 MB — too large to send (the limit is 1.0 MB)]\n[image: image/tiff, 3 bytes — a format models do not take]')
  })
})
