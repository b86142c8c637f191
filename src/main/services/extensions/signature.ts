import type { SignatureStatus } from '@shared/mcp/extensions'

/**
 * Who signed an archive, by the mcpb package's own verification (PKCS#7 block at the end of the
 * file, certificate chain checked against the OS's trust store). Its verifyMcpbFile says
 * "unsigned" for a signature that does not verify too, so the block is looked for first: a
 * block that is there but does not verify is `invalid`. The package is loaded only here (it is
 * heavy: node-forge).
 */
export async function verifySignature(archivePath: string, data: Buffer): Promise<SignatureStatus> {
  const { extractSignatureBlock, verifyMcpbFile } = await import('@anthropic-ai/mcpb/node')
  const { pkcs7Signature } = extractSignatureBlock(data)
  if (!pkcs7Signature) return { status: 'unsigned' }
  let info: Awaited<ReturnType<typeof verifyMcpbFile>>
  try {
    info = await verifyMcpbFile(archivePath)
  } catch (error) {
    return { status: 'invalid', reason: `the signature could not be read (${(error as Error).message})` }
  }
  if (info.status === 'signed') return { status: 'signed', signer: info.publisher ?? 'unknown' }
  if (info.status === 'self-signed') return { status: 'signed', signer: `${info.publisher ?? 'unknown'} (self-signed)` }
  return { status: 'invalid', reason: 'the archive carries a signature that does not match its content or whose certificate this computer does not trust' }
}

/** The zip without its signature block: what the signature covers and what is extracted. */
export async function unsignedContent(data: Buffer): Promise<Buffer> {
  const { extractSignatureBlock } = await import('@anthropic-ai/mcpb/node')
  return extractSignatureBlock(data).originalContent
}
