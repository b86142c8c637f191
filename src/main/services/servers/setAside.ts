import { access, rename } from 'node:fs/promises'

/**
 * Moves an unreadable file to `<file>.corrupt-<time>` so the user can still recover it, and returns
 * that path. An existing copy is never overwritten: a taken name gets `-1`, `-2`, …
 */
export async function setAside(file: string, now: number): Promise<string> {
  const base = `${file}.corrupt-${now}`
  for (let n = 0; ; n++) {
    const kept = n === 0 ? base : `${base}-${n}`
    if (await exists(kept)) continue
    await rename(file, kept)
    return kept
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}
