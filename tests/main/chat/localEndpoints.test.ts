import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PRESETS, probeLocalEndpoints } from '../../../src/main/services/chat/localEndpoints'
import { scriptedModel, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { freePort } from '../services/helpers'

// "Find local models": which endpoints on this machine answer, with their models.
let model: ScriptedModel
let hanging: Server
let hangingUrl: string
beforeAll(async () => {
  model = await scriptedModel(() => ({ text: 'hi' }), { models: ['llama3.2', 'qwen2.5'] })
  // takes the connection and never answers
  hanging = createServer(() => undefined)
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/v1`
})
afterAll(async () => {
  hanging.closeAllConnections()
  await new Promise((resolve) => hanging.close(resolve))
  await model.close()
})

describe('probeLocalEndpoints', () => {
  it('asks the usual local ports by default', () => {
    expect(LOCAL_PRESETS.map((p) => p.baseUrl)).toEqual(['http://127.0.0.1:11434/v1', 'http://127.0.0.1:1234/v1', 'http://127.0.0.1:8080/v1', 'http://127.0.0.1:8000/v1'])
  })

  it('lists the endpoint that answers with its models; a closed port and one that never answers are left out, within the timeout', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`
    const found = await probeLocalEndpoints([
      { id: 'closed', name: 'Closed', baseUrl: closed },
      { id: 'hanging', name: 'Hanging', baseUrl: hangingUrl },
      { id: 'ollama', name: 'Ollama', baseUrl: model.baseUrl }
    ])
    // the hanging one was given up on (else this would never resolve)
    expect(found).toEqual([{ presetId: 'ollama', name: 'Ollama', baseUrl: model.baseUrl, models: ['llama3.2', 'qwen2.5'] }])
  })

  it('an endpoint that refuses (401) is not listed; nothing throws', async () => {
    const locked = await scriptedModel(() => ({ text: 'hi' }), { key: 'needs-a-key' })
    try {
      expect(await probeLocalEndpoints([{ id: 'locked', name: 'Locked', baseUrl: locked.baseUrl }])).toEqual([])
    } finally {
      await locked.close()
    }
  })
})
