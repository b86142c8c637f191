import { execFile } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { SignatureStatus } from '@shared/mcp/extensions'

const run = promisify(execFile)

/**
 * Who signed an archive (SPEC D5). The signature is the mcpb package's: a PKCS#7 block after the
 * zip (`extractSignatureBlock`), a certificate chain checked against the OS's trust store
 * (`verifyCertificateChain`). Its own `verifyMcpbFile` cannot say "signed" today: node-forge does
 * not implement PKCS#7 verification, so every signature ends as "unsigned" (mcpb issues 260,
 * 276, 277). It is asked first, for when it is fixed; otherwise the detached signature is checked
 * with `openssl cms -verify` over the archive's bytes, as the package's pending fix does, and the
 * chain with the package's check. A block that is there but does not verify is `invalid`, never
 * "unsigned". The package is loaded only here (node-forge is heavy).
 */
export async function verifySignature(archivePath: string, data: Buffer): Promise<SignatureStatus> {
  const { extractSignatureBlock, verifyMcpbFile, verifyCertificateChain } = await import('@anthropic-ai/mcpb/node')
  const { originalContent, pkcs7Signature } = extractSignatureBlock(data)
  if (!pkcs7Signature) return { status: 'unsigned' }
  const byPackage = await verifyMcpbFile(archivePath).catch(() => undefined)
  if (byPackage?.status === 'signed') return { status: 'signed', signer: byPackage.publisher ?? 'unknown' }

  const dir = await mkdtemp(join(tmpdir(), 'mcp-studio-sig-'))
  try {
    const [signature, content] = [join(dir, 'signature.p7'), join(dir, 'content.zip')]
    await writeFile(signature, pkcs7Signature)
    await writeFile(content, originalContent)
    const certificates = await signerCertificates(signature)
    if (!certificates.length) return { status: 'invalid', reason: 'the signature block holds no certificate' }
    const signer = commonName(certificates[0])
    try {
      // the signature over the archive's bytes; the chain is checked below, against the OS store
      await run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', signature, '-content', content, '-noverify', '-purpose', 'any', '-out', join(dir, 'out')], { timeout: 20_000 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'invalid', reason: `signed by "${signer}", but this computer has no openssl to check the signature with` }
      return { status: 'invalid', reason: `the signature by "${signer}" does not match the archive's content (it was changed after signing)` }
    }
    if (certificates[0].checkIssued(certificates[0])) return { status: 'invalid', reason: `signed by "${signer}" with a self-signed certificate, which nobody vouches for` }
    const trusted = await verifyCertificateChain(Buffer.from(certificates[0].toString()), certificates.slice(1).map((cert) => Buffer.from(cert.toString())))
    if (!trusted) return { status: 'invalid', reason: `signed by "${signer}", whose certificate this computer does not trust` }
    return { status: 'signed', signer }
  } catch (error) {
    return { status: 'invalid', reason: `the signature could not be read (${(error as Error).message})` }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The certificates of a PKCS#7 block, the signer's first. */
async function signerCertificates(signature: string): Promise<X509Certificate[]> {
  const { stdout } = await run('openssl', ['pkcs7', '-inform', 'DER', '-in', signature, '-print_certs'], { timeout: 20_000 })
  return (stdout.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((pem) => new X509Certificate(pem))
}

function commonName(cert: X509Certificate): string {
  return /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1]?.trim() || cert.subject.replace(/\n/g, ', ')
}

/** The zip without its signature block: what the signature covers and what is extracted. */
export async function unsignedContent(data: Buffer): Promise<Buffer> {
  const { extractSignatureBlock } = await import('@anthropic-ai/mcpb/node')
  return extractSignatureBlock(data).originalContent
}
