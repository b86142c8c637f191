import { chmodSync, existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  applyProfileChanges,
  createCachedLoginShellEnvLoader,
  loginEnvCacheFile,
  profileChanges,
  REFRESH_AFTER_MS
} from '../../../src/main/services/mcp/loginEnvCache'
import { readLoginShellEnv } from '../../../src/main/services/mcp/shellEnv'
import { closeAllServices, EVERYTHING, makeService, stdioServer, tempDir } from './helpers'

afterEach(closeAllServices)

/**
 * A HOME whose ~/.bashrc sets VALUE and sources ~/.extra (a file the cache key does not watch,
 * as nvm's or pyenv's are not), and a bash that counts its runs in HOME/runs.
 */
function setup() {
  const home = tempDir('mcp-env-cache-home-')
  writeFileSync(join(home, '.bash_profile'), '[ -f ~/.bashrc ] && . ~/.bashrc\n')
  writeFileSync(join(home, '.bashrc'), 'export PROFILE_VALUE=one\nexport PATH="$HOME/bin:$PATH"\n[ -f ~/.extra ] && . ~/.extra\n')
  const shell = join(home, 'counting-bash')
  writeFileSync(shell, `#!/bin/sh\necho run >> '${join(home, 'runs')}'\nexec /bin/bash "$@"\n`)
  chmodSync(shell, 0o755)
  const cacheFile = loginEnvCacheFile(tempDir('mcp-env-cache-data-'))
  // a token of the app's own environment: the profile does not touch it, so the cache never holds it
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, SHELL: shell, APP_TOKEN: 'app-token-8f2c1e' }
  const runs = () => (existsSync(join(home, 'runs')) ? readFileSync(join(home, 'runs'), 'utf8').trim().split('\n').length : 0)
  /** a new loader is what the next start of the CLI makes */
  const start = (extra: { now?: () => number; env?: Record<string, string> } = {}) =>
    createCachedLoginShellEnvLoader({ cacheFile, baseEnv: { ...baseEnv, ...extra.env }, now: extra.now })
  return { home, cacheFile, baseEnv, runs, start }
}

describe('login-shell environment cache', () => {
  it('the first start reads the shell and keeps what the profile set (0600); the next one uses it without running the shell', async () => {
    const { cacheFile, baseEnv, runs, start } = setup()
    const first = start()
    const fresh = await first()
    await first.saved()
    expect(fresh.env.PROFILE_VALUE).toBe('one')
    expect(runs()).toBe(1)
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)
    // only the profile's changes are kept, not the whole environment
    expect(readFileSync(cacheFile, 'utf8')).not.toContain('app-token-8f2c1e')
    expect(fresh.env.APP_TOKEN).toBe('app-token-8f2c1e')

    const second = await start()()
    expect(runs()).toBe(1)
    expect(second.source).toBe('login-shell')
    expect(second.env).toEqual(fresh.env)

    // this start's own variables count as the shell would count them: what a fresh read gives now
    const now = { FROM_THIS_TERMINAL: 'yes', PATH: `/opt/venv/bin:${baseEnv.PATH}` }
    const terminal = await start({ env: now })()
    expect(runs()).toBe(1)
    expect(terminal.env.FROM_THIS_TERMINAL).toBe('yes')
    expect(terminal.env).toEqual((await readLoginShellEnv({ baseEnv: { ...baseEnv, ...now } })).env)
  })

  it("a profile's PATH entries go in front of (or behind) this start's PATH, whatever it is", () => {
    const changes = profileChanges({ PATH: '/usr/bin', GONE: 'x', SAME: 's' }, { PATH: '/home/u/bin:/usr/bin:/late', SAME: 's', TOKEN: 't' })
    expect(applyProfileChanges({ PATH: '/venv/bin:/usr/bin', GONE: 'y', SAME: 'mine', OWN: 'o' }, changes)).toEqual({
      PATH: '/home/u/bin:/venv/bin:/usr/bin:/late',
      SAME: 'mine',
      OWN: 'o',
      TOKEN: 't'
    })
  })

  it('an edited startup file (its mtime) is read again at once', async () => {
    const { home, runs, start } = setup()
    const first = start()
    await first()
    await first.saved()
    const bashrc = join(home, '.bashrc')
    writeFileSync(bashrc, readFileSync(bashrc, 'utf8').replace('PROFILE_VALUE=one', 'PROFILE_VALUE=two'))
    // the same size, and an mtime that differs even on a coarse file system
    utimesSync(bashrc, new Date(), new Date(Date.now() + 5_000))
    const next = await start()()
    expect(runs()).toBe(2)
    expect(next.env.PROFILE_VALUE).toBe('two')
  })

  it('a damaged cache file is ignored and replaced', async () => {
    const { cacheFile, runs, start } = setup()
    const first = start()
    await first()
    await first.saved()
    writeFileSync(cacheFile, '{"version":1,"key":')
    const repaired = start()
    expect((await repaired()).env.PROFILE_VALUE).toBe('one')
    await repaired.saved()
    expect(runs()).toBe(2)
    expect(JSON.parse(readFileSync(cacheFile, 'utf8')).version).toBe(1)
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)
    await start()()
    expect(runs()).toBe(2)
  })

  it('an old entry is used at once and read again in the background; the next start gets the new value', async () => {
    const { home, runs, start } = setup()
    const first = start()
    await first()
    await first.saved()
    // nvm, pyenv and the like change files the key does not watch
    writeFileSync(join(home, '.extra'), 'export EXTRA_VALUE=new\n')
    const later = () => Date.now() + REFRESH_AFTER_MS
    const aged = start({ now: later })
    const used = await aged()
    expect(used.env.EXTRA_VALUE).toBeUndefined()
    await aged.saved()
    expect(runs()).toBe(2)
    const next = await start({ now: later })()
    expect(next.env.EXTRA_VALUE).toBe('new')
    expect(runs()).toBe(2)
  })

  it('a shell that fails is not cached: the next start tries again', async () => {
    const { cacheFile, runs, start, home } = setup()
    writeFileSync(join(home, '.extra'), 'exit 3\n')
    const first = start()
    expect((await first()).source).toBe('process')
    await first.saved()
    expect(existsSync(cacheFile)).toBe(false)
    await start()()
    expect(runs()).toBe(2)
  })

  it('the profile changes applied to the environment they were read from give exactly the shell result', async () => {
    const { baseEnv } = setup()
    const fresh = await readLoginShellEnv({ baseEnv })
    expect(applyProfileChanges(baseEnv, profileChanges(baseEnv, fresh.env))).toEqual(fresh.env)
  })

  it('a server started by MCPService on a cache hit sees the profile variables', async () => {
    const { runs, start } = setup()
    const first = start()
    await first()
    await first.saved()
    const { service } = makeService({ loginShellEnv: start() })
    const result = await service.callTool({ server: stdioServer(EVERYTHING, { args: [EVERYTHING, 'stdio'] }), name: 'get-env', args: {} })
    expect(JSON.stringify(result.content)).toContain('PROFILE_VALUE')
    expect(runs()).toBe(1)
  })
})
