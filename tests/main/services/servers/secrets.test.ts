import { readFileSync, statSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { openRegistry, readServersFile, removeTempDirs, serversFile, stdio, tempDir, writeServersFile } from './helpers'
import { anyKindFields } from '@shared/mcp/server'

afterEach(removeTempDirs)

const encrypt = (plain: string) => 'E' + Buffer.from(plain).toString('base64')
const decrypt = (cipher: string) => {
  if (!cipher.startsWith('E')) throw new Error('not ours')
  return Buffer.from(cipher.slice(1), 'base64').toString()
}

const secretServers = () => [
  stdio('local', { env: { API_KEY: 'sk-env-secret-1', DEBUG: '1' } }),
  { id: 'remote', name: 'remote', type: 'streamableHttp' as const, baseUrl: 'https://mcp.example.test', headers: { Authorization: 'Bearer header-secret-2' } }
]

describe('env and header values on disk', () => {
  it('are encrypted where the platform can, and come back on load', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir, { encrypt, decrypt })
    await registry.add(secretServers())
    await registry.update('id-local', { ui: { description: 'rewritten' } })

    const text = readFileSync(serversFile(dir), 'utf8')
    for (const secret of ['sk-env-secret-1', 'header-secret-2', 'Bearer']) expect(text).not.toContain(secret)
    expect(readServersFile(dir).servers[0].env).toEqual({ API_KEY: { $enc: encrypt('sk-env-secret-1') }, DEBUG: { $enc: encrypt('1') } })

    const reloaded = await openRegistry(dir, { encrypt, decrypt })
    expect(reloaded.snapshot().broken).toEqual([])
    expect(anyKindFields(reloaded.get('id-local')!).env).toEqual({ API_KEY: 'sk-env-secret-1', DEBUG: '1' })
    expect(anyKindFields(reloaded.get('remote')!).headers).toEqual({ Authorization: 'Bearer header-secret-2' })
  })

  it.skipIf(process.platform === 'win32')('sit in a file only the user can read (0600)', async () => {
    const dir = tempDir()
    const registry = await openRegistry(dir)
    await registry.add(secretServers())
    expect(statSync(serversFile(dir)).mode & 0o777).toBe(0o600)
    await registry.remove('remote')
    expect(statSync(serversFile(dir)).mode & 0o777).toBe(0o600)
  })

  it('stay plain strings without encryption, and a plain value is accepted where a cipher is expected', async () => {
    const dir = tempDir()
    const plain = await openRegistry(dir)
    await plain.add(secretServers())
    expect(readServersFile(dir).servers[0].env).toEqual({ API_KEY: 'sk-env-secret-1', DEBUG: '1' })
    // the same file opened where safeStorage exists: readable, and sealed at the next write
    const sealed = await openRegistry(dir, { encrypt, decrypt })
    expect(anyKindFields(sealed.get('id-local')!).env?.API_KEY).toBe('sk-env-secret-1')
    await sealed.add([stdio('third')])
    expect(readFileSync(serversFile(dir), 'utf8')).not.toContain('sk-env-secret-1')
  })

  it('a value that cannot be decrypted makes that entry broken, redacted, and kept as it was', async () => {
    const dir = tempDir()
    const writer = await openRegistry(dir, { encrypt, decrypt })
    await writer.add(secretServers())
    const storedLocal = readServersFile(dir).servers[0]

    const failing = () => {
      throw new Error('safeStorage: key changed')
    }
    const registry = await openRegistry(dir, { encrypt, decrypt: failing })
    const { servers, broken } = registry.snapshot()
    expect(servers).toEqual([])
    expect(broken.map((b) => b.message)).toEqual([
      'env.API_KEY: could not be decrypted (re-enter it); env.DEBUG: could not be decrypted (re-enter it)',
      'headers.Authorization: could not be decrypted (re-enter it)'
    ])
    expect(broken[0]).toMatchObject({ id: 'id-local', name: 'local', raw: { env: { API_KEY: '<redacted>', DEBUG: '<redacted>' } } })
    expect(JSON.stringify(broken)).not.toContain(encrypt('sk-env-secret-1'))

    // another change keeps the undecryptable entry byte for byte (another machine may still open it)
    await registry.add([stdio('new')])
    expect(readServersFile(dir).servers[0]).toEqual(storedLocal)
    const fixedAgain = await openRegistry(dir, { encrypt, decrypt })
    expect(anyKindFields(fixedAgain.get('id-local')!).env?.API_KEY).toBe('sk-env-secret-1')
  })

  it('a sealed value without any decrypt is broken too, not silently dropped', async () => {
    const dir = tempDir()
    writeServersFile(dir, { version: 1, servers: [{ ...stdio('x'), env: { K: { $enc: 'Eabc' } } }], approvals: {} })
    const registry = await openRegistry(dir)
    expect(registry.snapshot().broken[0].message).toBe('env.K: could not be decrypted (re-enter it)')
  })
})
