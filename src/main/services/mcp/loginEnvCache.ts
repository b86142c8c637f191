import { readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../servers/atomicWrite'
import { loginShellOf, readLoginShellEnv, type LoginShellEnv, type ShellEnvOptions } from './shellEnv'

/**
 * The login shell's environment, kept between starts: reading it runs the user's profile (half a
 * second or more), which a CLI command would pay every time. The cache is keyed by the shell and
 * the mtime and size of its startup files, so editing ~/.zshrc is seen at once; what those files
 * source (nvm, pyenv, ~/.bash_aliases …) is caught by a background refresh of an entry older than
 * REFRESH_AFTER_MS, whose result the next start uses.
 *
 * What is kept is only what the profile changed (set, replaced, removed) relative to the
 * environment the shell started from, and it is applied to the environment of this start: a
 * variable exported in this terminal still reaches the servers, and a profile that prepends to
 * PATH prepends to this PATH. The file is 0600: what a profile exports may be a token.
 */

export const LOGIN_ENV_CACHE_VERSION = 1
/** An entry at least this old is used, and read again in the background for the next start. */
export const REFRESH_AFTER_MS = 10 * 60_000

export const loginEnvCacheFile = (userDataDir: string) => join(userDataDir, 'cache', 'login-env.json')

/** The loader an app or CLI start uses: the login environment kept in its user-data folder. */
export const userLoginShellEnv = (userDataDir: string) => createCachedLoginShellEnvLoader({ cacheFile: loginEnvCacheFile(userDataDir) })

/** What bash, zsh, fish and sh read at a login, the user's and the system's (folders: entries added or removed). */
export function startupFiles(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? homedir()
  const zdot = env.ZDOTDIR ?? home
  const xdg = env.XDG_CONFIG_HOME ?? join(home, '.config')
  return [
    ...['.profile', '.bash_profile', '.bash_login', '.bashrc'].map((f) => join(home, f)),
    ...['.zshenv', '.zprofile', '.zshrc', '.zlogin'].map((f) => join(zdot, f)),
    join(xdg, 'fish', 'config.fish'),
    ...['profile', 'profile.d', 'bash.bashrc', 'bashrc', 'environment', 'paths', 'paths.d'].map((f) => join('/etc', f)),
    ...['zshenv', 'zprofile', 'zshrc', 'zlogin'].flatMap((f) => [join('/etc', f), join('/etc/zsh', f)]),
    '/etc/fish/config.fish'
  ]
}

/** The shell and each startup file's mtime and size (or its absence: a new ~/.zshrc counts too). */
export function cacheKey(shell: string, env: NodeJS.ProcessEnv): string {
  const stamps = startupFiles(env).map((file) => {
    try {
      const stats = statSync(file)
      return [file, stats.mtimeMs, stats.size]
    } catch {
      return [file]
    }
  })
  return JSON.stringify([LOGIN_ENV_CACHE_VERSION, shell, stamps])
}

/** A variable the profile set: its value, and where the starting value sits in it (PATH=~/bin:$PATH). */
const SetVar = z.object({ value: z.string(), around: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional() })
const CacheFile = z.object({
  version: z.literal(LOGIN_ENV_CACHE_VERSION),
  key: z.string(),
  savedAt: z.number(),
  set: z.record(z.string(), SetVar),
  unset: z.array(z.string())
})
type CacheFile = z.infer<typeof CacheFile>
type ProfileChanges = Pick<CacheFile, 'set' | 'unset'>

/** What the profile did to `base` to give `env`. */
export function profileChanges(base: NodeJS.ProcessEnv, env: Record<string, string>): ProfileChanges {
  const set: CacheFile['set'] = {}
  for (const [name, value] of Object.entries(env)) {
    const before = base[name]
    if (before === value) continue
    const at = before ? value.indexOf(before) : -1
    set[name] = at >= 0 ? { value, around: [at, value.length - at - before!.length] } : { value }
  }
  const unset = Object.keys(base).filter((name) => base[name] !== undefined && !(name in env))
  return { set, unset }
}

/** The profile's changes on top of this start's environment. */
export function applyProfileChanges(base: NodeJS.ProcessEnv, { set, unset }: ProfileChanges): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(base)) if (value !== undefined) env[name] = value
  for (const name of unset) delete env[name]
  for (const [name, { value, around }] of Object.entries(set)) {
    const now = base[name]
    env[name] = around && now ? value.slice(0, around[0]) + now + value.slice(value.length - around[1]) : value
  }
  return env
}

function readCache(file: string): CacheFile | undefined {
  try {
    const parsed = CacheFile.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    // missing or damaged: read the shell, and the write replaces it
    return undefined
  }
}

export interface CachedLoginEnvOptions extends ShellEnvOptions {
  cacheFile: string
  /** for tests: the clock that ages entries */
  now?: () => number
}

export interface CachedLoginEnvLoader {
  (): Promise<LoginShellEnv>
  /** settles once the cache file is written (or could not be), a background refresh included */
  saved(): Promise<void>
}

/** Like createLoginShellEnvLoader (once per loader), served from the cache file when it is current. */
export function createCachedLoginShellEnvLoader(options: CachedLoginEnvOptions): CachedLoginEnvLoader {
  const baseEnv = options.baseEnv ?? process.env
  const now = options.now ?? Date.now
  let result: Promise<LoginShellEnv> | undefined
  // the write (or the background refresh and its write) still under way
  let pending: Promise<void> = Promise.resolve()

  const save = async (key: string, fresh: LoginShellEnv): Promise<void> => {
    // a fallback (timeout, no shell) is not the profile's environment: the next start tries again
    if (fresh.source !== 'login-shell') return
    const entry: CacheFile = { version: LOGIN_ENV_CACHE_VERSION, key, savedAt: now(), ...profileChanges(baseEnv, fresh.env) }
    // the cache only saves time: a folder we cannot write costs the next start its shell, nothing more
    await writeFileAtomic(options.cacheFile, JSON.stringify(entry)).catch(() => undefined)
  }

  const load = async (): Promise<LoginShellEnv> => {
    if (process.platform === 'win32') return readLoginShellEnv(options)
    // taken before the shell runs: a file edited while it runs makes the next start miss
    const key = cacheKey(loginShellOf(options), baseEnv)
    const entry = readCache(options.cacheFile)
    if (entry?.key !== key) {
      const fresh = await readLoginShellEnv(options)
      pending = save(key, fresh)
      return fresh
    }
    if (now() - entry.savedAt >= REFRESH_AFTER_MS) {
      pending = readLoginShellEnv({ ...options, background: true }).then((fresh) => save(key, fresh))
    }
    return { env: applyProfileChanges(baseEnv, entry), source: 'login-shell' }
  }

  const loader = () => (result ??= load())
  loader.saved = () => pending
  return loader
}
