import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { IpcEventName } from '@shared/ipc/contract'
import { createHost, type Host } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { tempDir } from '../services/helpers'

// the providers page's channels as a window calls them: the key goes in, never comes back out.
const KEY = 'sk-page-typed-key-9f3a21'

/** An endpoint that refuses every key and quotes it back, as some providers do. */
let echoing: Server
let echoingUrl: string
beforeAll(async () => {
  echoing = createServer((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization}` } }))
  })
  await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve))
  echoingUrl = `http://127.0.0.1:${(echoing.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise((resolve) => echoing.close(resolve)))

const hosts: Host[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()))
})

describe('chat provider channels', () => {
  it('save, list, list models and remove: the key never in a reply, an error or an event; the windows told of each change', async () => {
    const events: Array<{ event: IpcEventName; payload: unknown }> = []
    const platform = createNodePlatform({ userDataDir: tempDir('mcp-providers-'), onEvent: (event, payload) => events.push({ event, payload }) })
    const host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } })
    hosts.push(host)
    const invoke = (channel: Parameters<Host['router']['invoke']>[0], args?: unknown) => host.router.invoke(channel, args, { via: 'direct' })

    const saved = await invoke('chat:save-provider', { name: 'Echoing', baseUrl: echoingUrl, apiKey: KEY })
    expect(saved).toEqual({ ok: true, result: expect.objectContaining({ id: 'echoing', hasKey: true, source: 'saved' }) })
    const listed = await invoke('chat:list-providers')
    expect(listed).toMatchObject({ ok: true, result: { providers: expect.arrayContaining([expect.objectContaining({ id: 'echoing', hasKey: true })]) } })

    const models = await invoke('chat:list-models', { providerId: 'echoing' })
    expect(models).toMatchObject({ ok: false, error: { message: expect.stringContaining(`the model provider at ${echoingUrl} refused the API key (401)`) } })

    const bad = await invoke('chat:save-provider', { name: 'Bad', baseUrl: 'not a url' })
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringContaining('baseUrl: must be an http:// or https:// URL') } })

    expect(await invoke('chat:remove-provider', { providerId: 'echoing' })).toEqual({ ok: true })
    expect(events.filter((e) => e.event === 'chat:providers-changed')).toHaveLength(2)

    expect(JSON.stringify([saved, listed, models, events])).not.toContain(KEY)
  })
})
