import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parse as parseIni } from 'ini'
import type { KnownRegistry } from '@shared/ipc/contract'
import { assertSafeExternalUrl } from '../../security/externalUrl'

/**
 * The package registries the user already chose for their own tools: npm's (`.npmrc`, the
 * `NPM_CONFIG_REGISTRY` variable) and pip's and uv's (`pip.conf`, `PIP_INDEX_URL`,
 * `UV_DEFAULT_INDEX`). The editor offers them as presets, so picking the mirror one already uses
 * is a click, and the app ships no list of mirrors of its own.
 */

export interface KnownRegistriesOptions {
  /** the user's environment (the login shell's, where their profile exports these) */
  env: Record<string, string | undefined>
  home?: string
  platform?: NodeJS.Platform
}

type Candidate = { kind: KnownRegistry['kind']; url: string | undefined; source: string }

/** http(s) only, and never one with a user or password in it: that would put a secret on screen. */
function usable(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    assertSafeExternalUrl(url.trim())
    // as written, so it matches a URL saved in a server the same way
    return url.trim()
  } catch {
    return undefined
  }
}

/** An INI file's contents, or nothing when it is missing or unreadable: settings are optional. */
async function readIni(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return parseIni(await readFile(file, 'utf8'))
  } catch {
    return undefined
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** pip's user config files, in the order pip reads them (the later wins, so we list later first). */
function pipConfigFiles(env: KnownRegistriesOptions['env'], home: string, platform: NodeJS.Platform): Array<[string, string]> {
  const files: Array<[string, string]> = []
  if (env.PIP_CONFIG_FILE) files.push([env.PIP_CONFIG_FILE, 'PIP_CONFIG_FILE'])
  if (platform === 'win32') {
    const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming')
    files.push([join(appData, 'pip', 'pip.ini'), '%APPDATA%\\pip\\pip.ini'], [join(home, 'pip', 'pip.ini'), '~\\pip\\pip.ini'])
  } else {
    const config = env.XDG_CONFIG_HOME ?? join(home, '.config')
    files.push([join(config, 'pip', 'pip.conf'), env.XDG_CONFIG_HOME ? '$XDG_CONFIG_HOME/pip/pip.conf' : '~/.config/pip/pip.conf'])
    if (platform === 'darwin') files.push([join(home, 'Library', 'Application Support', 'pip', 'pip.conf'), '~/Library/Application Support/pip/pip.conf'])
    files.push([join(home, '.pip', 'pip.conf'), '~/.pip/pip.conf'])
  }
  return files
}

export async function findKnownRegistries(options: KnownRegistriesOptions): Promise<KnownRegistry[]> {
  const { env } = options
  const home = options.home ?? homedir()
  const platform = options.platform ?? process.platform
  const candidates: Candidate[] = [
    { kind: 'npm', url: env.NPM_CONFIG_REGISTRY, source: 'NPM_CONFIG_REGISTRY' },
    { kind: 'npm', url: env.npm_config_registry, source: 'npm_config_registry' }
  ]
  const npmrc = env.NPM_CONFIG_USERCONFIG ?? join(home, '.npmrc')
  candidates.push({ kind: 'npm', url: str((await readIni(npmrc))?.registry), source: env.NPM_CONFIG_USERCONFIG ? npmrc : '~/.npmrc' })

  candidates.push(
    { kind: 'pip', url: env.UV_DEFAULT_INDEX, source: 'UV_DEFAULT_INDEX' },
    { kind: 'pip', url: env.UV_INDEX_URL, source: 'UV_INDEX_URL' },
    { kind: 'pip', url: env.PIP_INDEX_URL, source: 'PIP_INDEX_URL' }
  )
  for (const [file, source] of pipConfigFiles(env, home, platform)) {
    const ini = await readIni(file)
    const section = (name: string) => (ini?.[name] && typeof ini[name] === 'object' ? (ini[name] as Record<string, unknown>) : undefined)
    candidates.push({ kind: 'pip', url: str(section('global')?.['index-url']) ?? str(section('install')?.['index-url']), source })
  }

  // one entry per registry: the first place that names it is the one shown
  const found: KnownRegistry[] = []
  for (const candidate of candidates) {
    const url = usable(candidate.url)
    if (url && !found.some((r) => r.kind === candidate.kind && r.url === url)) found.push({ kind: candidate.kind, url, source: candidate.source })
  }
  return found
}
