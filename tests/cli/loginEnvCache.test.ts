import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, isAlive, readPids, tempDir, waitFor } from '../main/services/helpers'
import { cli, stopStrayClis, writeConfig } from './run'

afterEach(stopStrayClis)

/** A HOME whose profile exports PROFILE_VALUE and sources ~/.extra, a bash that counts its runs, and a user-data folder. */
function setup() {
  const home = tempDir('mcp-cli-env-home-')
  writeFileSync(join(home, '.bash_profile'), 'export PROFILE_VALUE=from-profile\n[ -f ~/.extra ] && . ~/.extra\n')
  const shell = join(home, 'counting-bash')
  writeFileSync(shell, `#!/bin/sh\necho run >> '${join(home, 'runs')}'\nexec /bin/bash "$@"\n`)
  chmodSync(shell, 0o755)
  const userData = tempDir('mcp-cli-env-data-')
  // the server starts once `HOME/start` holds two lines (at most 20 s), so a test can hold the call until then
  const start = join(home, 'start')
  const startWhenReady = `n=0; while [ -f '${start}' ] && [ "$(wc -l < '${start}')" -lt 2 ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n+1)); done; exec node '${EVERYTHING}' stdio`
  const config = writeConfig({ everything: { command: 'sh', args: ['-c', startWhenReady] } })
  const getEnv = () => cli([...config, 'call', 'everything', 'get-env'], { env: { HOME: home, SHELL: shell, MCP_STUDIO_USER_DATA: userData } })
  const runs = () => (existsSync(join(home, 'runs')) ? readFileSync(join(home, 'runs'), 'utf8').trim().split('\n').length : 0)
  return { home, start, cacheFile: join(userData, 'cache', 'login-env.json'), getEnv, runs }
}

describe('cli: the login-shell environment from the last start', () => {
  it('the first call reads the shell and keeps its result (0600); the next call starts its server without the shell', async () => {
    const { cacheFile, getEnv, runs } = setup()
    const first = await getEnv()
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('from-profile')
    expect(runs()).toBe(1)
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)

    const second = await getEnv()
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('from-profile')
    expect(runs()).toBe(1)
  })

  it('the background refresh of an old entry neither holds the CLI nor outlives it', async () => {
    const { home, start: pids, cacheFile, getEnv, runs } = setup()
    expect((await getEnv()).code).toBe(0)
    // an entry old enough to be read again, by a profile that now hangs in a file the key does not watch
    const entry = JSON.parse(readFileSync(cacheFile, 'utf8'))
    writeFileSync(cacheFile, JSON.stringify({ ...entry, savedAt: 0 }))
    // its pids go to HOME/start: the server (and so the call) waits until the refresh hangs
    writeFileSync(pids, '')
    writeFileSync(join(home, '.extra'), `echo $$ >> '${pids}'\nsleep 1000 &\necho $! >> '${pids}'\nwait\n`)

    const result = await getEnv()
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('from-profile')
    expect(runs()).toBe(2)
    expect(readPids(pids)).toHaveLength(2)
    // the shell and what its profile started end with the CLI (their own timeout died with it)
    await waitFor(() => readPids(pids).every((pid) => !isAlive(pid)), 10_000, 'the refresh shell to be ended')
  })
})
