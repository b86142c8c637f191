import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, tempDir, waitFor } from '../services/helpers'

// the app (browser mode, built, as `npm start` runs it) keeps the login shell's environment
// between starts, as the CLI does: a second start does not run the user's profile again
const running = new Set<ChildProcess>()
afterEach(async () => {
  await Promise.all(
    [...running].map((child) => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))))
  )
  running.clear()
})

/** Starts `node out/main/browser.js` with this HOME, SHELL and user data; resolves with a way to invoke a channel. */
async function startApp(env: Record<string, string>) {
  if (!existsSync(join(ROOT, 'out/main/browser.js'))) throw new Error('The app is not built: run `npm run build` first (npm test does).')
  const child = spawn(process.execPath, ['out/main/browser.js', '--no-open'], { cwd: ROOT, env: { ...process.env, MCP_STUDIO_PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  let output = ''
  const url = await new Promise<URL>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /MCP Studio running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(output)
      if (match) resolve(new URL(match[1]))
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output}`)))
  })
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? ''
  const invoke = async (channel: string) => {
    const response = await fetch(`${url.origin}/api/invoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel, args: undefined })
    })
    return (await response.json()) as { ok: boolean }
  }
  const stop = () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM'))))
  return { invoke, stop }
}

describe('the app keeps the login-shell environment between starts', () => {
  it('the first start reads the shell and keeps its result (0600); the next start uses it without running the shell', async () => {
    const home = tempDir('mcp-app-env-home-')
    writeFileSync(join(home, '.bash_profile'), 'export PROFILE_VALUE=from-profile\n')
    const shell = join(home, 'counting-bash')
    writeFileSync(shell, `#!/bin/sh\necho run >> '${join(home, 'runs')}'\nexec /bin/bash "$@"\n`)
    chmodSync(shell, 0o755)
    const userData = tempDir('mcp-app-env-data-')
    const cacheFile = join(userData, 'cache', 'login-env.json')
    const runs = () => (existsSync(join(home, 'runs')) ? readFileSync(join(home, 'runs'), 'utf8').trim().split('\n').length : 0)
    const env = { HOME: home, SHELL: shell, MCP_STUDIO_USER_DATA: userData }

    const first = await startApp(env)
    // the registry presets read the login environment, as the first stdio server does
    expect((await first.invoke('app:known-registries')).ok).toBe(true)
    expect(runs()).toBe(1)
    await waitFor(() => existsSync(cacheFile), 10_000, 'the login environment to be kept')
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(cacheFile, 'utf8')).toContain('from-profile')
    await first.stop()

    const second = await startApp(env)
    expect((await second.invoke('app:known-registries')).ok).toBe(true)
    expect(runs()).toBe(1)
    await second.stop()
  }, 60_000)
})
