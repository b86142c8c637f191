import { isAbsolute, relative, resolve, sep } from 'node:path'
import { ExtensionError } from './extensionError'

/**
 * Where an archive entry may be written: inside `target`, by a plain relative name. Refused,
 * whatever the zip reader would make of them: `..` segments, absolute and drive-letter names,
 * backslashes (a separator on Windows), NUL, empty names. The resolved path is checked too.
 */
export function entryPath(target: string, name: string): string {
  const refuse = (why: string) => new ExtensionError('UNSAFE_ARCHIVE', `the archive entry "${name.replace(/\0/g, '\\0')}" ${why}; nothing was installed`)
  if (!name || name === '/') throw refuse('has no name')
  if (name.includes('\0')) throw refuse('contains a NUL character')
  if (name.includes('\\')) throw refuse('contains a backslash (a path separator on Windows)')
  if (name.startsWith('/')) throw refuse('is an absolute path')
  if (/^[a-zA-Z]:/.test(name)) throw refuse('starts with a drive letter')
  if (name.split('/').includes('..')) throw refuse('climbs out of the folder with ".."')
  const full = resolve(target, name)
  const rel = relative(target, full)
  if (!rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) || !full.startsWith(target + sep)) throw refuse('resolves outside the extension folder')
  return full
}

/** A path inside the extension a manifest names (entry_point, icon): relative, no `..`. */
export function insideExtension(dir: string, name: string, field: string): string {
  if (!name || name.includes('\0') || isAbsolute(name) || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')) {
    throw new ExtensionError('BAD_MANIFEST', `manifest.json: ${field} "${name}" must be a path inside the extension (no "..", not absolute)`)
  }
  return resolve(dir, name)
}
