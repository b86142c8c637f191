import { webcrypto, X509Certificate } from 'node:crypto'

/**
 * An MCPB signature block read and checked in this process: a detached PKCS#7 (CMS) SignedData
 * over the archive's bytes, verified with pkijs on Node's WebCrypto. No openssl binary is
 * involved, so the verdict is the same with OpenSSL 3.0, 3.2 or none (Windows). Whether the
 * signer is trusted is certificateChain.ts's question.
 */
export interface CmsSignature {
  /** every certificate the block carries */
  certificates: X509Certificate[]
  /** the certificate of the signer (matched by the signer info), or the first one carried */
  signer?: X509Certificate
  /** the signature is the signer's, over exactly these bytes */
  matches: boolean
}

const arrayBuffer = (data: Buffer): ArrayBuffer => new Uint8Array(data).buffer

let pkijsLoaded: Promise<typeof import('pkijs')> | undefined
/** pkijs, on Node's WebCrypto; loaded on the first signed archive only. */
function loadPkijs(): Promise<typeof import('pkijs')> {
  pkijsLoaded ??= import('pkijs').then((pkijs) => {
    type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto']
    pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto }))
    return pkijs
  })
  return pkijsLoaded
}

/** Reads the block and checks its signature over `content`; throws only when the block cannot be read. */
export async function readCmsSignature(block: Buffer, content: Buffer): Promise<CmsSignature> {
  const pkijs = await loadPkijs()
  const info = pkijs.ContentInfo.fromBER(arrayBuffer(block))
  if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('it is not a PKCS#7 signed-data block')
  const signed = new pkijs.SignedData({ schema: info.content })
  const toX509 = (cert: InstanceType<typeof pkijs.Certificate>) => new X509Certificate(Buffer.from(cert.toSchema().toBER()))
  const certificates = (signed.certificates ?? []).filter((cert): cert is InstanceType<typeof pkijs.Certificate> => cert instanceof pkijs.Certificate).map(toX509)
  if (!signed.signerInfos.length) throw new Error('it names no signer')
  try {
    const result = await signed.verify({ signer: 0, data: arrayBuffer(content), extendedMode: true, checkChain: false })
    const signer = result.signerCertificate ? toX509(result.signerCertificate) : certificates[0]
    return { certificates, signer, matches: result.signatureVerified === true }
  } catch (error) {
    // a digest or signature that does not match is a verdict, not a failure to read
    if (!(error instanceof pkijs.SignedDataVerifyError)) throw error
    const signer = error.signerCertificate ? toX509(error.signerCertificate) : certificates[0]
    return { certificates, signer, matches: false }
  }
}
