import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signMcpbFile } from '@anthropic-ai/mcpb/node'
import { verifySignature } from '../../../src/main/services/extensions/signature'
import { systemTrustAnchors } from '../../../src/main/services/extensions/trustStore'
import { tempDir } from '../services/helpers'
import { helloArchive } from './archives'

/**
 * Real signatures, made with the mcpb package's own signMcpbFile and certificates from a test CA
 * (made with openssl here; the verification itself runs no openssl). The verification trusts
 * the system's store; SSL_CERT_FILE names the test CA as the store, as an organisation's CA
 * would be installed, or the CA is given as `trusted`.
 */
const dir = tempDir('mcp-ext-sign-')
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
const savedCertFile = process.env.SSL_CERT_FILE
const savedPath = process.env.PATH

/** A leaf certificate for `cn` from `ca`, with these extensions. */
function issue(name: string, cn: string, ca: string, extensions: string): void {
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`)
  writeFileSync(join(dir, `${name}.ext`), extensions)
  openssl('x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${name}.pem`, '-days', '30', '-extfile', `${name}.ext`)
}

beforeAll(() => {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Test Root CA', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign')
  issue('leaf', 'Test Publisher', 'ca', 'extendedKeyUsage=codeSigning\nkeyUsage=digitalSignature\n')
  issue('web', 'Some Website', 'ca', 'extendedKeyUsage=serverAuth\nkeyUsage=digitalSignature\n')
  issue('intermediate', 'Test Intermediate CA', 'ca', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign\n')
  issue('deep', 'Deep Publisher', 'intermediate', 'extendedKeyUsage=codeSigning\nkeyUsage=digitalSignature\n')
})
afterEach(() => {
  process.env.PATH = savedPath
  if (savedCertFile === undefined) delete process.env.SSL_CERT_FILE
  else process.env.SSL_CERT_FILE = savedCertFile
})

async function signedArchive(name: string, cert = 'leaf', intermediates: string[] = []): Promise<string> {
  const path = join(dir, name)
  writeFileSync(path, await helloArchive())
  signMcpbFile(path, join(dir, `${cert}.pem`), join(dir, `${cert}.key`), intermediates.map((ca) => join(dir, `${ca}.pem`)))
  return path
}

const verify = (path: string, options?: Parameters<typeof verifySignature>[2]) => verifySignature(path, readFileSync(path), options)

/**
 * The mcpb package checks a chain with `openssl verify -purpose codesigning`, a purpose OpenSSL
 * learnt in 3.2: an older one answers "Invalid purpose". This openssl does exactly that whatever
 * the real one's version, so the verdicts below do not depend on the machine's OpenSSL.
 */
function openSsl30(): void {
  const bin = join(dir, 'openssl-3.0')
  mkdirSync(bin, { recursive: true })
  const real = execFileSync('sh', ['-c', 'command -v openssl']).toString().trim()
  writeFileSync(join(bin, 'openssl'), `#!/bin/sh\nfor a; do [ "$a" = codesigning ] && { echo "Invalid purpose codesigning" >&2; exit 1; }; done\nexec ${real} "$@"\n`, { mode: 0o755 })
  process.env.PATH = `${bin}:${savedPath}`
}

/** No openssl at all, as on Windows. */
function noOpenSsl(): void {
  const bin = join(dir, 'empty-bin')
  mkdirSync(bin, { recursive: true })
  process.env.PATH = bin
}

describe('signatures, verified in-process whatever the openssl', () => {
  it('signed by a trusted publisher: signed, by whom (with an OpenSSL older than 3.2, and with none)', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    const path = await signedArchive('signed.mcpb')
    expect(await verify(path)).toEqual({ status: 'signed', signer: 'Test Publisher' })
    openSsl30()
    expect(await verify(path)).toEqual({ status: 'signed', signer: 'Test Publisher' })
    noOpenSsl()
    expect(await verify(path)).toEqual({ status: 'signed', signer: 'Test Publisher' })
  })

  it('a CA given as trusted, and a chain through an intermediate the block carries', async () => {
    const path = await signedArchive('deep.mcpb', 'deep', ['intermediate'])
    expect(await verify(path, { trusted: [readFileSync(join(dir, 'ca.pem'), 'utf8')] })).toEqual({ status: 'signed', signer: 'Deep Publisher' })
    // without the intermediate in the block, nothing links the publisher to the root
    const bare = await signedArchive('bare.mcpb', 'deep')
    expect(await verify(bare, { trusted: [readFileSync(join(dir, 'ca.pem'), 'utf8')] })).toEqual({ status: 'invalid', reason: 'signed by "Deep Publisher", whose certificate this computer does not trust' })
  })

  it('changed after signing: invalid (the package alone would say "unsigned")', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    noOpenSsl()
    const path = await signedArchive('tampered.mcpb')
    const data = readFileSync(path)
    data[40] ^= 0xff // inside the first entry
    writeFileSync(path, data)
    expect(await verify(path)).toEqual({ status: 'invalid', reason: 'the signature by "Test Publisher" does not match the archive\'s content (it was changed after signing)' })
  })

  it('signed by a certificate this computer does not trust: invalid', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'leaf.pem') // anything but the CA
    openSsl30()
    const path = await signedArchive('untrusted.mcpb')
    expect(await verify(path)).toEqual({ status: 'invalid', reason: 'signed by "Test Publisher", whose certificate this computer does not trust' })
    // the system's own store (its bundle file, or Node's roots) does not hold the test CA either
    delete process.env.SSL_CERT_FILE
    expect((await systemTrustAnchors()).length).toBeGreaterThan(10)
    expect(await verify(path)).toEqual({ status: 'invalid', reason: 'signed by "Test Publisher", whose certificate this computer does not trust' })
  })

  it('a self-signed certificate: invalid, nobody vouches for it', async () => {
    const path = join(dir, 'self.mcpb')
    writeFileSync(path, await helloArchive())
    signMcpbFile(path, join(dir, 'ca.pem'), join(dir, 'ca.key'))
    expect(await verify(path)).toEqual({ status: 'invalid', reason: 'signed by "Test Root CA" with a self-signed certificate, which nobody vouches for' })
  })

  it('a certificate for a website, not for code signing: invalid, naming its usage', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    const path = await signedArchive('web.mcpb', 'web')
    expect(await verify(path)).toEqual({ status: 'invalid', reason: 'signed by "Some Website", but the certificate of "Some Website" is not for code signing (its extended key usage is 1.3.6.1.5.5.7.3.1)' })
  })

  it('an expired certificate: invalid, with the date', async () => {
    process.env.SSL_CERT_FILE = join(dir, 'ca.pem')
    const path = await signedArchive('expired.mcpb')
    const later = new Date(Date.now() + 60 * 24 * 3600 * 1000)
    expect(await verify(path, { now: later })).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/^signed by "Test Publisher", but the certificate of "Test Publisher" expired on /) })
  })

  it('a block that is not a signature: invalid, it could not be read', async () => {
    const path = join(dir, 'garbage.mcpb')
    const junk = Buffer.from('not a pkcs7 block at all')
    const length = Buffer.alloc(4)
    length.writeUInt32LE(junk.length)
    writeFileSync(path, Buffer.concat([await helloArchive(), Buffer.from('MCPB_SIG_V1'), length, junk, Buffer.from('MCPB_SIG_END')]))
    expect(await verify(path)).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/^the signature could not be read \(/) })
  })

  it('no signature block: unsigned', async () => {
    const path = join(dir, 'plain.mcpb')
    writeFileSync(path, await helloArchive())
    expect(await verify(path)).toEqual({ status: 'unsigned' })
  })
})
