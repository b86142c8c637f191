import { spawn, type ChildProcess } from 'node:child_process'
import { ROOT } from '../main/services/helpers'
import { builtCli, testUserData } from './builtCli'
import { stopChildren } from './stopChildren'

/**
 * The real CLI on a real pseudo-terminal: util-linux `script` runs it with a pty as its
 * controlling terminal (so stdin and stderr are TTYs, raw mode and Ctrl-C behave as in a
 * terminal window). What we write goes to the keyboard side; what the CLI prints comes back.
 */
const CLI = builtCli()

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`

export interface PtyRun {
  /** everything the terminal showed so far */
  output(): string
  /** waits until `text` appears after the previous match, and moves past it */
  next(text: string, timeoutMs?: number): Promise<void>
  /** keys, as typed: "\r" is Enter, "\u0003" is Ctrl-C */
  type(keys: string): void
  /** the CLI's exit code (script -e passes it on) and the whole screen */
  done: Promise<{ code: number | null; output: string }>
}

const running = new Set<ChildProcess>()

/** `after`: more shell run on the same terminal once the CLI has exited (e.g. `stty -a`). */
export function ptyCli(args: string[], after = ''): PtyRun {
  const command = [process.execPath, CLI, ...args].map(quote).join(' ') + after
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, MCP_STUDIO_USER_DATA: testUserData }
  })
  running.add(child)
  let screen = ''
  let cursor = 0
  let waiter: (() => void) | undefined
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    screen += d
    waiter?.()
  })
  child.stderr.setEncoding('utf8').on('data', (d: string) => (screen += d))
  const done = new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => {
      running.delete(child)
      waiter?.()
      resolve({ code, output: screen })
    })
  })
  return {
    output: () => screen,
    next: (text, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          const at = screen.indexOf(text, cursor)
          if (at >= 0) {
            cursor = at + text.length
            waiter = undefined
            clearTimeout(timer)
            resolve()
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiter = undefined
            clearTimeout(timer)
            reject(new Error(`the CLI ended before showing ${JSON.stringify(text)}; the screen:\n${screen}`))
          }
        }
        // a guard against a hang, not a timing assertion: the failure shows the screen
        const timer = setTimeout(() => {
          waiter = undefined
          reject(new Error(`no ${JSON.stringify(text)} on the terminal; the screen:\n${screen}`))
        }, timeoutMs)
        waiter = check
        check()
      }),
    type: (keys) => void child.stdin.write(keys),
    done
  }
}

/**
 * afterEach: a terminal a failed test left open is closed; `script` ends, the CLI gets SIGHUP
 * (which stops its servers), and SIGKILL follows if it does not go.
 */
export function closeStrayPtys(): Promise<void> {
  return stopChildren(running)
}
