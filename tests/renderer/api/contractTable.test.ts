import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { z } from 'zod'
import { channel, ipcContract } from '@shared/ipc/contract'
import type { IpcResponse } from '@shared/ipc/errors'
import { createBrowserBridge } from '@renderer/api/browserBridge'
import { startBrowserServer, type BrowserServer } from '../../../src/main/browser/BrowserServer'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { createPreloadApi } from '../../../src/preload/preloadApi'

// A channel declared once, in one table entry: nothing else is written for it below but its handler
const table = { ...ipcContract, 'test:echo-twice': channel<{ echo: string }>()(z.object({ text: z.string().min(1) })) }
const router = new IpcRouter(table)
router.handle('test:echo-twice', ({ text }) => ({ echo: `${text} ${text}` }))

const TOKEN = 'contract-test-token-0123456789'
let server: BrowserServer

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'mcp-contract-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>MCP Studio</title>')
  server = await startBrowserServer({ router: router as unknown as IpcRouter, rendererDir, token: TOKEN })
  // the page's WebSocket, in Node
  Object.assign(globalThis, { WebSocket })
})
afterAll(() => server.close())

describe('the contract table', () => {
  it('a channel declared once is callable from the preload api (over ipcRenderer)', async () => {
    const ipcRenderer = {
      invoke: (name: string, args: unknown): Promise<IpcResponse> => router.invoke(name, structuredClone(args), { via: 'electron' }),
      on: () => ipcRenderer,
      removeListener: () => ipcRenderer
    }
    const api = createPreloadApi(ipcRenderer as never, table)
    expect(await api.test.echoTwice({ text: 'hi' })).toEqual({ echo: 'hi hi' })
    // and its arguments are checked by the same declaration, before the handler runs
    await expect(api.test.echoTwice({ text: '' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS', message: expect.stringContaining('text') })
  })

  it('the same channel is callable from the browser bridge (over the session WebSocket)', async () => {
    const api = createBrowserBridge({ token: TOKEN, table, origin: `http://127.0.0.1:${server.port}/` })
    expect(await api.test.echoTwice({ text: 'over the wire' })).toEqual({ echo: 'over the wire over the wire' })
    await expect(api.test.echoTwice({ text: 42 as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENTS' })
  })
})
