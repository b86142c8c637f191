import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OAuthStore } from '../../../src/main/services/mcp/oauth/oauthStore'
import { tempDir } from '../services/helpers'

// what a sign-in keeps on disk, and what happens when that file is damaged.
const seal = (plain: string) => Buffer.from(plain).toString('base64')
const open = (cipher: string) => Buffer.from(cipher, 'base64').toString('utf8')
const URL_A = 'https://mcp.example.com/mcp'
const tokens = { access_token: 'at-secret-value', token_type: 'Bearer', refresh_token: 'rt-secret-value' }

describe('OAuth store', () => {
  it('keeps one encrypted 0600 file per server and client, read back by a new process', async () => {
    const dir = tempDir()
    const store = new OAuthStore({ dir, encrypt: seal, decrypt: open })
    const file = store.fileOf(URL_A)
    expect(store.fileOf(URL_A, 'pre-registered')).not.toBe(file)
    await store.update(file, URL_A, (r) => ({ ...r, tokens, clientInformation: { client_id: 'c1' } }))
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('secret-value')
    expect(JSON.parse(text)).toHaveProperty('$enc')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const again = await new OAuthStore({ dir, encrypt: seal, decrypt: open }).read(file, URL_A)
    expect(again).toMatchObject({ serverUrl: URL_A, tokens, clientInformation: { client_id: 'c1' } })
  })

  it('sets a damaged file aside and starts over, never throwing', async () => {
    const dir = tempDir()
    const problems: string[] = []
    const store = new OAuthStore({ dir, onProblem: (m) => problems.push(m) })
    const file = store.fileOf(URL_A)
    writeFileSync(file, '{"serverUrl": "x", "tokens": {"access_token": 5}')
    expect(await store.read(file, URL_A)).toEqual({ serverUrl: URL_A, lastUpdated: expect.any(Number) })
    expect(problems[0]).toMatch(/was damaged .* sign in again/)
    expect(readdirSync(dir).some((f) => f.includes('.corrupt-'))).toBe(true)
    // and the next save writes a good file again
    await store.update(file, URL_A, (r) => ({ ...r, tokens }))
    expect(await new OAuthStore({ dir }).read(file, URL_A)).toMatchObject({ tokens })
  })

  it('a file encrypted where it cannot be decrypted is set aside too', async () => {
    const dir = tempDir()
    const sealed = new OAuthStore({ dir, encrypt: seal, decrypt: open })
    const file = sealed.fileOf(URL_A)
    await sealed.update(file, URL_A, (r) => ({ ...r, tokens }))
    const problems: string[] = []
    expect((await new OAuthStore({ dir, onProblem: (m) => problems.push(m) }).read(file, URL_A)).tokens).toBeUndefined()
    expect(problems[0]).toContain('cannot decrypt')
  })
})
