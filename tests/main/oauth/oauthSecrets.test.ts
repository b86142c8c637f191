import { describe, expect, it } from 'vitest'
import { serverSecretValues } from '@shared/mcp/secretValues'
import { openSecrets, redactSecrets, sealSecrets } from '../../../src/main/services/servers/secretFields'

// a server's OAuth client secret, private key and IdP token are secrets like its
// env and header values: sealed on disk where the platform encrypts, redacted from what leaves.
const seal = (plain: string) => `sealed:${Buffer.from(plain).toString('base64')}`
const open = (cipher: string) => Buffer.from(cipher.replace(/^sealed:/, ''), 'base64').toString('utf8')
const server = {
  id: 's',
  name: 'remote',
  baseUrl: 'https://mcp.example.com/mcp',
  oauth: { clientId: 'app', clientSecret: 'cs-0123456789', privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----', idp: { tokenEndpoint: 'https://idp', clientId: 'x', idToken: 'eyJ.id.token' } }
}

describe('OAuth secrets in the server list', () => {
  it('are sealed on disk, opened back, and redacted in the raw view of a broken entry', () => {
    const stored = sealSecrets(server, seal) as typeof server & { oauth: Record<string, unknown> }
    const text = JSON.stringify(stored)
    for (const secret of ['cs-0123456789', 'BEGIN PRIVATE KEY', 'eyJ.id.token']) expect(text).not.toContain(secret)
    expect(stored.oauth.clientId).toBe('app')
    const { entry, problems } = openSecrets(stored, open)
    expect(problems).toEqual([])
    expect(entry).toEqual(server)
    expect(JSON.stringify(redactSecrets(server))).not.toContain('cs-0123456789')
  })

  it('are among the values scrubbed from logs and errors', () => {
    expect(serverSecretValues(server)).toEqual(expect.arrayContaining(['cs-0123456789', 'eyJ.id.token']))
  })
})
