import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { approvalTarget } from '@shared/mcp/launchSpec'
import { openRegistry, readServersFile, removeTempDirs, serversFile, tempDir, writeServersFile } from './helpers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(removeTempDirs)

const encrypt = (plain: string) => 'E' + Buffer.from(plain).toString('base64')
const decrypt = (cipher: string) => Buffer.from(cipher.slice(1), 'base64').toString()

const KEY = 'sk-live-query-key-1234'
const URL_WITH_KEY = `https://mcp.example.test/mcp?api_key=${KEY}&region=eu`
const remote = { id: 'remote', name: 'remote', type: 'streamableHttp' as const, baseUrl: URL_WITH_KEY }

describe("a URL's secret query values in servers.json", () => {
  it('are sealed where the platform can, kept out of the approval, and the URL comes back whole', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir, { encrypt, decrypt })
    await registry.add([remote], { approve: true })
    const text = readFileSync(serversFile(dir), 'utf8')
    expect(text).not.toContain(KEY)
    expect(readServersFile(dir).approvals.remote).toBe('https://mcp.example.test/mcp?api_key=<redacted>&region=eu')

    const reloaded = await openRegistry(dir, { encrypt, decrypt })
    expect(anyKindFields(reloaded.get('remote')!).baseUrl).toBe(URL_WITH_KEY)
    expect(reloaded.snapshot().approved.remote).toBe(true)
    // a new key alone is like a new header value: no new approval
    await reloaded.update('remote', { baseUrl: URL_WITH_KEY.replace(KEY, 'sk-live-query-key-5678') })
    expect(reloaded.snapshot().approved.remote).toBe(true)
    // another host or path is another target
    await reloaded.update('remote', { baseUrl: `https://elsewhere.example.test/mcp?api_key=${KEY}` })
    expect(reloaded.snapshot().approved.remote).toBe(false)
  })

  it('an approval saved as the whole URL stays valid and is rewritten without the key', async () => {
    const dir = tempDir()
    // as an older build wrote it: the approval target was the URL itself
    writeServersFile(dir, { version: 1, servers: [remote], approvals: { remote: URL_WITH_KEY } })
    const registry = await openRegistry(dir)
    expect(registry.snapshot().approved.remote).toBe(true)
    await registry.update('remote', { ui: { description: 'touched' } })
    expect(readServersFile(dir).approvals.remote).toBe(approvalTarget({ ...remote, isActive: false }))
    expect(JSON.stringify(readServersFile(dir).approvals)).not.toContain(KEY)
  })

  it("a broken entry's URL is shown with the key hidden", async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [{ ...remote, type: 'carrier-pigeon' }], approvals: {} })
    const registry = await openRegistry(dir)
    const [broken] = registry.snapshot().broken
    expect(JSON.stringify(broken.raw)).not.toContain(KEY)
    expect((broken.raw as { baseUrl: string }).baseUrl).toBe('https://mcp.example.test/mcp?api_key=<redacted>&region=eu')
  })
})
