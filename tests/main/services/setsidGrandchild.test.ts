import { afterEach, describe, expect, it } from 'vitest'
import { closeAllServices, fixture, isAlive, makeService, stdioServer, waitFor } from './helpers'

afterEach(closeAllServices)

const textOf = (result: { content: unknown }) => (result.content as { type: string; text: string }[])[0].text

describe.runIf(process.platform === 'linux')('a helper that left the server\'s process group', () => {
  it('is ended with the server when the server stops', async () => {
    const { service } = makeService()
    const server = stdioServer(fixture('setsid-grandchild.mjs'))
    const helper = Number(textOf(await service.callTool({ server, name: 'helper', args: {} })))
    expect(helper).toBeGreaterThan(0)
    // a session of its own: the group signal that ends the server does not reach it
    expect(isAlive(helper)).toBe(true)
    await service.stopServer(server)
    await waitFor(() => !isAlive(helper), 10_000, 'the setsid helper to end')
  })
})
