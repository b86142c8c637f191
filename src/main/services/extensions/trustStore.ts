import { X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import * as tls from 'node:tls'

/**
 * The certificates this computer trusts, as roots for a signer's chain (certificateChain.ts).
 * Like OpenSSL: SSL_CERT_FILE, when set, is the store (an organisation's CA, a test CA);
 * otherwise the OS's bundle file where Linux distributions (and macOS, for its system roots)
 * keep it, plus what Node can read of the OS store itself (`tls.getCACertificates('system')`,
 * Node 22.15+, so Electron: the macOS keychain and the Windows store). With neither, Node's own
 * copy of the Mozilla roots.
 */

const BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch, Alpine
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem' // macOS, BSDs
]

function parsePems(text: string): X509Certificate[] {
  const certificates: X509Certificate[] = []
  for (const pem of text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) {
    try {
      certificates.push(new X509Certificate(pem))
    } catch {
      // one unreadable entry does not spoil the store
    }
  }
  return certificates
}

const readText = (path: string) => readFile(path, 'utf8').catch(() => undefined)

export async function systemTrustAnchors(env: NodeJS.ProcessEnv = process.env): Promise<X509Certificate[]> {
  if (env.SSL_CERT_FILE) return parsePems((await readText(env.SSL_CERT_FILE)) ?? '')
  const fromOs = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates?.('system') ?? []
  for (const bundle of BUNDLES) {
    const text = await readText(bundle)
    if (text) return [...parsePems(text), ...parsePems(fromOs.join('\n'))]
  }
  return parsePems((fromOs.length ? fromOs : tls.rootCertificates).join('\n'))
}
