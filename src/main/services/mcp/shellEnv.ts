import { spawn } from 'node:child_process'
import type { Socket } from 'node:net'
import { setPriority, userInfo } from 'node:os'

/**
 * The user's login-shell environment: a GUI app started from the dock gets a bare PATH, so
 * `npx`, `uvx` and friends are only found on the PATH the user's profile builds.
 *
 * Why not `shell-env` directly: it offers no timeout and no way to stop the shell, so a profile
 * that hangs (a prompt, a `read`, a network call) would leave an orphaned shell running forever.
 * We run the same command it runs (`$SHELL -ilc 'env'` between delimiters) in a process group we
 * can kill, and fall back to process.env when the shell is slow or fails.
 */

export interface LoginShellEnv {
  env: Record<string, string>
  source: 'login-shell' | 'process'
  /** why we fell back to process.env, for the server log */
  reason?: string
}

export interface ShellEnvOptions {
  shell?: string
  timeoutMs?: number
  /** the environment the shell starts from; process.env by default */
  baseEnv?: NodeJS.ProcessEnv
  /**
   * A refresh nobody waits for: the shell runs at low priority, never keeps this process alive,
   * and is killed when this process exits.
   */
  background?: boolean
}

const DELIMITER = '_SHELL_ENV_DELIMITER_'
// the delimiter is printed in two pieces: dash exports `_` as the previous command's last
// argument, and a whole delimiter in the env output would cut it short
const [HEAD, TAIL] = [DELIMITER.slice(0, 10), DELIMITER.slice(10)]
const SCRIPT = `printf '%s%s' '${HEAD}' '${TAIL}'; command env; printf '%s%s' '${HEAD}' '${TAIL}'; exit`
export const DEFAULT_SHELL_ENV_TIMEOUT_MS = 5_000
// variables describing the probe shell itself, meaningless for a server started later
const SHELL_LOCAL = new Set(['PWD', 'OLDPWD', 'SHLVL', '_'])
const PROBE_FLAGS = { DISABLE_AUTO_UPDATE: 'true', ZSH_TMUX_AUTOSTARTED: 'true', ZSH_TMUX_AUTOSTART: 'false' }

function plainEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value
  return out
}

export function parseEnvOutput(stdout: string, baseEnv: NodeJS.ProcessEnv): Record<string, string> | undefined {
  const parts = stdout.split(DELIMITER)
  if (parts.length < 3) return undefined
  const env: Record<string, string> = {}
  // eslint-disable-next-line no-control-regex -- strips ANSI colour codes a profile may print
  for (const line of parts[1].replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n')) {
    const eq = line.indexOf('=')
    if (eq <= 0) continue
    const key = line.slice(0, eq)
    // lines of a multi-line value (exported functions) are not NAME=value pairs
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) || SHELL_LOCAL.has(key)) continue
    env[key] = line.slice(eq + 1)
  }
  for (const flag of Object.keys(PROBE_FLAGS)) if (baseEnv[flag] === undefined) delete env[flag]
  return env
}

/** The shell whose profile gives the environment. */
export function loginShellOf(options: ShellEnvOptions = {}): string {
  return options.shell ?? (options.baseEnv ?? process.env).SHELL ?? userInfo().shell ?? '/bin/sh'
}

export function readLoginShellEnv(options: ShellEnvOptions = {}): Promise<LoginShellEnv> {
  const baseEnv = options.baseEnv ?? process.env
  const fallback = (reason: string): LoginShellEnv => ({ env: plainEnv(baseEnv), source: 'process', reason })
  if (process.platform === 'win32') return Promise.resolve({ env: plainEnv(baseEnv), source: 'process' })
  const shell = loginShellOf(options)
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_ENV_TIMEOUT_MS

  return new Promise((resolve) => {
    const child = spawn(shell, ['-ilc', SCRIPT], {
      env: { ...baseEnv, ...PROBE_FLAGS },
      stdio: ['ignore', 'pipe', 'ignore'],
      // its own process group: on timeout we kill the shell and whatever its profile started
      detached: true
    })
    let stdout = ''
    let settled = false
    const killOnExit = () => killGroup(child.pid)
    const finish = (result: LoginShellEnv) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      process.off('exit', killOnExit)
      resolve(result)
    }
    const timer = setTimeout(() => {
      killGroup(child.pid)
      finish(fallback(`the login shell (${shell}) did not answer within ${timeoutMs} ms; using the app's environment`))
    }, timeoutMs)
    if (options.background) runInBackground(child, timer, killOnExit)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
      // done as soon as the closing delimiter arrives, even if the profile left jobs running
      if (stdout.split(DELIMITER).length >= 3) {
        const env = parseEnvOutput(stdout, baseEnv)
        killGroup(child.pid)
        finish(env ? { env, source: 'login-shell' } : fallback('could not parse the login shell environment'))
      }
    })
    child.on('error', (error) => finish(fallback(`could not start the login shell ${shell}: ${error.message}`)))
    child.on('close', (code) => finish(fallback(`the login shell ${shell} exited with code ${code} before printing its environment`)))
  })
}

/** A refresh must not slow the work in front of it, hold the process open, or outlive it. */
function runInBackground(child: ReturnType<typeof spawn>, timer: NodeJS.Timeout, killOnExit: () => void): void {
  try {
    if (child.pid) setPriority(child.pid, 19)
  } catch {
    // not allowed here: it runs at normal priority
  }
  child.unref()
  ;(child.stdout as Socket | null)?.unref()
  timer.unref()
  process.once('exit', killOnExit)
}

function killGroup(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** Computed once per loader (memoized), so only the first server start pays for the shell. */
export function createLoginShellEnvLoader(options: ShellEnvOptions = {}): () => Promise<LoginShellEnv> {
  let cached: Promise<LoginShellEnv> | undefined
  return () => (cached ??= readLoginShellEnv(options))
}

/** The app's one login-shell probe: servers and the registry presets read the same environment. */
export const sharedLoginShellEnv = createLoginShellEnvLoader()
