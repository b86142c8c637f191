import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ipcArgs } from '@shared/ipc/contract'
import { apiMethods, IpcChannel } from '@shared/ipc/IpcChannel'
import { createHost } from '../../../src/main/createHost'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'

const channels = Object.values(IpcChannel).sort()
const host = createHost({
  platform: createNodePlatform({ userDataDir: mkdtempSync(join(tmpdir(), 'mcp-contract-')) }),
  mode: 'browser',
  windows: { openTraceWindow: () => ({ opened: false, url: '/trace.html' }) }
})
afterAll(() => host.close())

describe('IPC contract', () => {
  it('gives every channel an argument schema, and nothing else', () => {
    expect(Object.keys(ipcArgs).sort()).toEqual(channels)
  })

  it('exposes every channel exactly once on window.api', () => {
    const exposed = Object.values(apiMethods).flatMap((ns) => Object.values(ns)).sort()
    expect(exposed).toEqual(channels)
  })

  it('has a registered handler for every channel in the running host', () => {
    expect(host.router.channels().sort()).toEqual(channels)
  })

  it('names channels in one style: namespace:kebab-case', () => {
    for (const channel of channels) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/)
  })
})
