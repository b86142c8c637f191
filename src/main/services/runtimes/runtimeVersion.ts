import { spawn } from 'node:child_process'

export const VERSION_TIMEOUT_MS = 3_000

/**
 * `uv --version` → "0.4.18". A runtime that hangs, fails or says nothing readable gives undefined
 * within the timeout: the child runs in its own process group, killed whole when time is up, and
 * the answer never waits for a grandchild holding the pipe.
 */
export function versionOf(path: string, env: Record<string, string>, timeoutMs = VERSION_TIMEOUT_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    let out = ''
    let done = false
    const finish = (version: string | undefined) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(version)
    }
    const child = spawn(path, ['--version'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', windowsHide: true })
    const timer = setTimeout(() => {
      killGroup(child.pid)
      finish(undefined)
    }, timeoutMs)
    const read = (chunk: Buffer) => {
      if (out.length < 4096) out += chunk.toString('utf8')
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('error', () => finish(undefined))
    // 'close', not 'exit': what it printed may still be in the pipe when it exits (a grandchild
    // holding the pipe open is what the timer is for)
    child.on('close', (code) => {
      const match = /(\d+\.\d+(?:\.\d+)?)/.exec(out)
      finish(code === 0 && match ? match[1] : undefined)
    })
  })
}

function killGroup(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
