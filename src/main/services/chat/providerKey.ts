import type { StoredKey } from './providerFile'

/** A provider's key in memory: opened, or sealed and not openable here (kept as written, never used). */
export type ProviderKey = { plain: string } | { sealed: { $enc: string }; problem: string }

const KEY_PROBLEM = 'its API key could not be decrypted; enter the key again'

/** As the file holds it → in memory. Sealed like servers' secrets: `{$enc}` where the platform encrypts. */
export function openKey(stored: StoredKey | undefined, decrypt?: (cipher: string) => string): ProviderKey | undefined {
  if (stored === undefined) return undefined
  if (typeof stored === 'string') return { plain: stored }
  try {
    if (!decrypt) throw new Error('no decryption on this platform')
    return { plain: decrypt(stored.$enc) }
  } catch {
    return { sealed: stored, problem: KEY_PROBLEM }
  }
}

/** In memory → as written: a key that would not open is written back exactly as it was read. */
export function sealKey(key: ProviderKey | undefined, encrypt?: (plain: string) => string): StoredKey | undefined {
  if (!key) return undefined
  if ('sealed' in key) return key.sealed
  return encrypt ? { $enc: encrypt(key.plain) } : key.plain
}

export const plainKey = (key: ProviderKey | undefined): string | undefined => (key && 'plain' in key ? key.plain : undefined)
export const keyProblem = (key: ProviderKey | undefined): string | undefined => (key && 'problem' in key ? key.problem : undefined)
