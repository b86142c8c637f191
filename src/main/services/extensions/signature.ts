import { X509Certificate } from 'node:crypto'
import type { SignatureStatus } from '@shared/mcp/extensions'
import { checkChain, type ChainResult } from './certificateChain'
import { readCmsSignature } from './cmsSignature'
import { systemTrustAnchors } from './trustStore'

export interface VerifyOptions {
  /** the roots to trust (PEM); the system's trust store by default */
  trusted?: string[]
  now?: Date
  platform?: NodeJS.Platform
}

/**
 * Who signed an archive: signed by whom, unsigned, or invalid. The signature is the
 * mcpb package's (`mcpb sign`: a PKCS#7 block after the zip). Its own `verifyMcpbFile` is asked
 * first, for when it can say "signed"; today it cannot (node-forge does not implement PKCS#7
 * verification, so it answers "unsigned" for every block: mcpb issues 260, 276, 277), and its
 * chain check runs `openssl verify -purpose codesigning`, which OpenSSL before 3.2 rejects and
 * Windows has no openssl for. So the block is verified here, in-process (cmsSignature.ts,
 * certificateChain.ts, trustStore.ts), with the same verdicts on every OS and OpenSSL. A block
 * that is there but does not verify is `invalid`, never "unsigned". The packages are loaded only
 * for a signed archive (node-forge and pkijs are heavy).
 */
export async function verifySignature(archivePath: string, data: Buffer, options: VerifyOptions = {}): Promise<SignatureStatus> {
  const { extractSignatureBlock, verifyMcpbFile, verifyCertificateChain } = await import('@anthropic-ai/mcpb/node')
  const { originalContent, pkcs7Signature } = extractSignatureBlock(data)
  if (!pkcs7Signature) return { status: 'unsigned' }
  const byPackage = await verifyMcpbFile(archivePath).catch(() => undefined)
  if (byPackage?.status === 'signed') return { status: 'signed', signer: byPackage.publisher ?? 'unknown' }

  let cms: Awaited<ReturnType<typeof readCmsSignature>>
  try {
    cms = await readCmsSignature(pkcs7Signature, originalContent)
  } catch (error) {
    return { status: 'invalid', reason: `the signature could not be read (${(error as Error).message})` }
  }
  const leaf = cms.signer
  if (!leaf) return { status: 'invalid', reason: 'the signature block holds no certificate' }
  const signer = commonName(leaf)
  if (!cms.matches) return { status: 'invalid', reason: `the signature by "${signer}" does not match the archive's content (it was changed after signing)` }
  if (leaf.checkIssued(leaf)) return { status: 'invalid', reason: `signed by "${signer}" with a self-signed certificate, which nobody vouches for` }

  const anchors = options.trusted ? options.trusted.map((pem) => new X509Certificate(pem)) : await systemTrustAnchors()
  const intermediates = cms.certificates.filter((cert) => cert.fingerprint256 !== leaf.fingerprint256)
  const chain = checkChain(leaf, intermediates, anchors, options.now)
  if (chain.ok) return { status: 'signed', signer }
  const platform = options.platform ?? process.platform
  if (chain.why === 'untrusted' && !options.trusted && (platform === 'darwin' || platform === 'win32')) {
    // roots the user added to the keychain or the Windows store, which plain Node cannot list:
    // the OS's own check, through the package (security verify-cert, PowerShell; no openssl)
    const pem = (cert: X509Certificate) => Buffer.from(cert.toString())
    if (await verifyCertificateChain(pem(leaf), intermediates.map(pem)).catch(() => false)) return { status: 'signed', signer }
  }
  return { status: 'invalid', reason: chainProblem(signer, chain) }
}

function chainProblem(signer: string, chain: Exclude<ChainResult, { ok: true }>): string {
  const whose = (subject: string) => `the certificate of "${commonNameOf(subject)}"`
  switch (chain.why) {
    case 'untrusted':
      return `signed by "${signer}", whose certificate this computer does not trust`
    case 'expired':
      return `signed by "${signer}", but ${whose(chain.subject)} expired on ${chain.date}`
    case 'not-yet-valid':
      return `signed by "${signer}", but ${whose(chain.subject)} is not valid before ${chain.date}`
    case 'not-for-code-signing':
      return `signed by "${signer}", but ${whose(chain.subject)} is not for code signing (its extended key usage is ${chain.usages.join(', ')})`
  }
}

const commonNameOf = (subject: string) => /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1]?.trim() || subject.replace(/\n/g, ', ')
const commonName = (cert: X509Certificate) => commonNameOf(cert.subject)

/** The zip without its signature block: what the signature covers and what is extracted. */
export async function unsignedContent(data: Buffer): Promise<Buffer> {
  const { extractSignatureBlock } = await import('@anthropic-ai/mcpb/node')
  return extractSignatureBlock(data).originalContent
}
