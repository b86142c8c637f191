import type { X509Certificate } from 'node:crypto'

/**
 * Whether a signer's certificate chains to a trusted root, for code signing, checked with Node's
 * X509Certificate (no openssl binary): each link issued and signed by the next (a CA), up to a
 * trust anchor; every certificate valid now; the extended key usage, where a certificate has
 * one, allowing code signing, as `openssl verify -purpose codesigning`, macOS's codeSign policy
 * and Windows' code-signing application policy all require.
 */

const CODE_SIGNING = '1.3.6.1.5.5.7.3.3'
const ANY_USAGE = '2.5.29.37.0'
const MAX_DEPTH = 8

export type ChainResult =
  | { ok: true }
  | { ok: false; why: 'untrusted' }
  | { ok: false; why: 'expired' | 'not-yet-valid'; subject: string; date: string }
  | { ok: false; why: 'not-for-code-signing'; subject: string; usages: string[] }

function issuedBy(child: X509Certificate, parent: X509Certificate): boolean {
  return parent.ca && child.checkIssued(parent) && child.verify(parent.publicKey)
}

function problemOf(cert: X509Certificate, now: Date): ChainResult | undefined {
  if (now < new Date(cert.validFrom)) return { ok: false, why: 'not-yet-valid', subject: cert.subject, date: cert.validFrom }
  if (now > new Date(cert.validTo)) return { ok: false, why: 'expired', subject: cert.subject, date: cert.validTo }
  const usages = cert.keyUsage // the extended key usages; undefined when the certificate names none
  if (usages && !usages.includes(CODE_SIGNING) && !usages.includes(ANY_USAGE)) return { ok: false, why: 'not-for-code-signing', subject: cert.subject, usages }
  return undefined
}

export function checkChain(leaf: X509Certificate, intermediates: readonly X509Certificate[], anchors: readonly X509Certificate[], now = new Date()): ChainResult {
  let current = leaf
  const used = new Set([leaf.fingerprint256])
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const problem = problemOf(current, now)
    if (problem) return problem
    const anchor = anchors.find((candidate) => issuedBy(current, candidate))
    if (anchor) return problemOf(anchor, now) ?? { ok: true }
    const next = intermediates.find((candidate) => !used.has(candidate.fingerprint256) && issuedBy(current, candidate))
    if (!next) return { ok: false, why: 'untrusted' }
    used.add(next.fingerprint256)
    current = next
  }
  return { ok: false, why: 'untrusted' }
}
