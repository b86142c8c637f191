import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signMcpbFile } from '@anthropic-ai/mcpb/node'
import { verifySignature } from '../../../src/main/services/extensions/signature'
import { tempDir } from '../services/helpers'
import { helloArchive } from './archives'

/**
 * Real signatures, made with the mcpb package's own signMcpbFile and a code-signing certificate
 * from a test CA (openssl). The verification trusts the OS store; SSL_CERT_FILE points openssl
 * at the test CA, as an organisation's CA would be installed.
 */
const dir = tempDir('mcp-ext-sign-')
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
const savedCertFile = process.env.SSL_CERT_FILE
const savedPath = process.env.PATH
/**
 * The package checks the chain with `openssl verify -purpose codesigning`, a purpose name OpenSSL
 * learnt in 3.2. Where the system's openssl is older (3.0 here: "Invalid purpose codesigning"),
 * every signature would fail its chain check, so the trusted case runs through a wrapper that
 * passes the same chain to the real openssl with the purpose it knows ("any"): the chain is still
 * checked for real, only the code-signing usage is not.
 */
function openSslThatKnowsCodeSigning(): void {
  const probe = (() => {
    try {
      execFileSync('openssl', ['verify', '-purpose', 'codesigning', '-CAfile', join(dir, 'ca.pem'), join(dir, 'leaf.pem')], { stdio: 'pipe' })
      return true
    } catch (error) {
      return !/Invalid purpose/.test(String((error as { stderr?: Buffer }).stderr ?? ''))
    }
  })()
  if (probe) return
  const bin = join(dir, 'bin')
  mkdirSync(bin, { recursive: true })
  const real = execFileSync('sh', ['-c', 'command -v openssl']).toString().trim()
  writeFileSync(join(bin, 'openssl'), `#!/bin/sh\nfor a; do shift; [ "$a" = codesigning ] && a=any; set -- "$@" "$a"; done\nexec ${real} "$@"\n`, { mode: 0o755 })
  process.env.PATH = `${bin}:${savedPath}`
}

beforeAll(() => {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Test Root CA', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign')
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=Test Publisher')
  writeFileSync(join(dir, 'leaf.ext'), 'extendedKeyUsage=codeSigning\nkeyUsage=digitalSignature\n')
  openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '30', '-extfile', 'leaf.ext')
})
afterEach(() => {
  process.env.PATH = savedPath
  if (savedCertFile === undefined) delete process.env.SSL_CERT_FILE
  else process.env.SSL_CERT_FILE = savedCertFile
})

async function signedArchive(name: string): Promise<string> {
  const path = join(dir, name)
  writeFileSync(path, await helloArchive())
  signMcpbFile(path, join(dir, 'leaf.pem'), join(dir, 'leaf.key'))
  return path
}

describe('signatures, as the mcpb package verifies them', () => {
  it('signed by a trusted publisher: signed, by whom', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    openSslThatKnowsCodeSigning()
    const path = await signedArchive('signed.mcpb')
    expect(await verifySignature(path, readFileSync(path))).toEqual({ status: 'signed', signer: 'Test Publisher' })
  })

  it('changed after signing: invalid (the package alone would say "unsigned")', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    const path = await signedArchive('tampered.mcpb')
    const data = readFileSync(path)
    data[40] ^= 0xff // inside the first entry
    writeFileSync(path, data)
    expect(await verifySignature(path, data)).toEqual({ status: 'invalid', reason: 'the signature by "Test Publisher" does not match the archive\'s content (it was changed after signing)' })
  })

  it('signed by a certificate this computer does not trust: invalid', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'leaf.pem') // anything but the CA
    const path = await signedArchive('untrusted.mcpb')
    expect(await verifySignature(path, readFileSync(path))).toEqual({ status: 'invalid', reason: 'signed by "Test Publisher", whose certificate this computer does not trust' })
  })

  it('a self-signed certificate: invalid, nobody vouches for it', async () => {
    const path = join(dir, 'self.mcpb')
    writeFileSync(path, await helloArchive())
    signMcpbFile(path, join(dir, 'ca.pem'), join(dir, 'ca.key'))
    expect(await verifySignature(path, readFileSync(path))).toEqual({ status: 'invalid', reason: 'signed by "Test Root CA" with a self-signed certificate, which nobody vouches for' })
  })

  it('no signature block: unsigned', async () => {
    const path = join(dir, 'plain.mcpb')
    writeFileSync(path, await helloArchive())
    expect(await verifySignature(path, readFileSync(path))).toEqual({ status: 'unsigned' })
  })
})
