import { statSync } from 'node:fs'
import { extname, isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EXTENSION_FILE_EXTENSIONS } from '@shared/mcp/extensions'

/** a double-click opens a handful of files; more in one argv is not a user's click */
const MAX_FILES = 20

const extensions = new Set<string>(EXTENSION_FILE_EXTENSIONS.map((ext) => `.${ext}`))

/**
 * The absolute path of an extension file the operating system opened the app with, or undefined:
 * only an existing regular file named .mcpb or .dxt counts. `candidate` is a path (relative ones
 * resolve against `cwd`, the launching process's folder) or a `file:` URL, which Linux desktop
 * entries may pass.
 */
export function extensionFileAt(candidate: string, cwd: string): string | undefined {
  if (!candidate || candidate.startsWith('-') || candidate.includes('\0')) return undefined
  let path = candidate
  if (/^file:/i.test(candidate)) {
    try {
      path = fileURLToPath(candidate)
    } catch {
      return undefined
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) {
    // another scheme (an install link, a web address) is not a file
    return undefined
  }
  if (!extensions.has(extname(path).toLowerCase())) return undefined
  const absolute = isAbsolute(path) ? path : resolve(cwd, path)
  const stats = statSync(absolute, { throwIfNoEntry: false })
  return stats?.isFile() ? absolute : undefined
}

/**
 * The extension files among a process's arguments (Windows and Linux start the app, or a second
 * instance of it, with the double-clicked file as an argument). `argv[0]` is the executable and
 * never a file to open; flags, the app's own folder in a development run, and anything that is not
 * an existing .mcpb/.dxt file are ignored. Each file once, in order.
 */
export function extensionFilesIn(argv: readonly string[], cwd: string): string[] {
  const found: string[] = []
  for (const arg of argv.slice(1)) {
    const path = extensionFileAt(arg, cwd)
    if (path && !found.includes(path)) found.push(path)
    if (found.length === MAX_FILES) break
  }
  return found
}
