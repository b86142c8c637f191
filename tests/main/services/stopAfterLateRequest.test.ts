import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAllServices, fixture, isAlive, makeService, readPids, stdioServer, tempDir } from './helpers'

afterEach(closeAllServices)

describe('stopping a stdio server that asks something after its stdin closed', () => {
  it('is sent SIGTERM at that request instead of at the end of the grace (the answer can never come)', async () => {
    // a grace longer than the test's timeout: only the request can end the wait in time
    const { service } = makeService({ stopGraceMs: 120_000 })
    const pidFile = join(tempDir(), 'pids')
    const server = stdioServer(fixture('asks-after-stdin-closes.mjs'), { env: { PID_FILE: pidFile } })
    const result = await service.callTool({ server, name: 'echo', args: { message: 'hi' } })
    expect(JSON.stringify(result.content)).toContain('Echo: hi')
    const [pid] = readPids(pidFile)
    await service.stopServer(server)
    expect(isAlive(pid)).toBe(false)
  })
})
