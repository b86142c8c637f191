import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { IpcRouter } from '../../../src/main/ipc/IpcRouter'
import { appHandlers } from '../../../src/main/ipc/appHandlers'
import { createNodePlatform } from '../../../src/main/platform/nodePlatform'
import { createLoginShellEnvLoader } from '../../../src/main/services/mcp/shellEnv'
import { findKnownRegistries } from '../../../src/main/services/registries/knownRegistries'
import { createDirectApi } from '../../support/directApi'
import { registryFreeEnv } from '../../support/registryFreeEnv'
import { tempDir } from './helpers'

const MIRROR_NPM = 'https://npm.mirror.example/'
const MIRROR_PIP = 'https://pypi.mirror.example/simple'
const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

/** A home folder with the given files in it, as a user's would be. */
function home(files: Record<string, string>): string {
  const dir = tempDir('mcp-home-')
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

describe('the registries the user already set up (editor presets)', () => {
  it('finds npm in ~/.npmrc and pip in pip.conf, never an auth token or a URL with a password', async () => {
    const dir = home({
      '.npmrc': `registry=${MIRROR_NPM}\n//npm.mirror.example/:_authToken=npm_secret_123\nsave-exact=true\n`,
      '.config/pip/pip.conf': `[global]\nindex-url = ${MIRROR_PIP}\ntimeout = 60\n`,
      '.pip/pip.conf': '[global]\nindex-url = https://user:hunter22@private.example/simple\n'
    })
    const found = await findKnownRegistries({ env: {}, home: dir, platform: 'linux' })
    expect(found).toEqual([
      { kind: 'npm', url: MIRROR_NPM, source: '~/.npmrc' },
      { kind: 'pip', url: MIRROR_PIP, source: '~/.config/pip/pip.conf' }
    ])
    expect(JSON.stringify(found)).not.toMatch(/npm_secret_123|hunter22/)
  })

  it('reads the environment too (npm, uv, pip), one entry per registry, and skips what is not http(s)', async () => {
    const dir = home({ '.npmrc': `registry=${MIRROR_NPM}\n` })
    const env = { NPM_CONFIG_REGISTRY: MIRROR_NPM, UV_DEFAULT_INDEX: MIRROR_PIP, PIP_INDEX_URL: 'file:///srv/wheels' }
    expect(await findKnownRegistries({ env, home: dir, platform: 'linux' })).toEqual([
      { kind: 'npm', url: MIRROR_NPM, source: 'NPM_CONFIG_REGISTRY' },
      { kind: 'pip', url: MIRROR_PIP, source: 'UV_DEFAULT_INDEX' }
    ])
  })

  it('a home without any of these settings, or with broken ones, offers nothing and does not fail', async () => {
    expect(await findKnownRegistries({ env: {}, home: home({}), platform: 'linux' })).toEqual([])
    const broken = home({ '.npmrc': 'registry=not a url\n', '.config/pip/pip.conf': '[global\nindex-url' })
    expect(await findKnownRegistries({ env: {}, home: broken, platform: 'linux' })).toEqual([])
  })

  it('Windows keeps pip.ini under %APPDATA%', async () => {
    const dir = home({ 'AppData/Roaming/pip/pip.ini': `[global]\nindex-url=${MIRROR_PIP}\n` })
    expect(await findKnownRegistries({ env: {}, home: dir, platform: 'win32' })).toEqual([
      { kind: 'pip', url: MIRROR_PIP, source: '%APPDATA%\\pip\\pip.ini' }
    ])
  })

  it('reaches the renderer over app:known-registries, with the login shell’s environment', async () => {
    const router = new IpcRouter()
    const dir = home({ '.config/pip/pip.conf': `[install]\nindex-url = ${MIRROR_PIP}\n` })
    const loginShellEnv = createLoginShellEnvLoader({ shell: '/bin/bash', baseEnv: { ...registryFreeEnv(), NPM_CONFIG_REGISTRY: MIRROR_NPM } })
    router.handleAll(
      appHandlers({
        platform: createNodePlatform({ userDataDir: dir }),
        mode: 'browser',
        windows: { openTraceWindow: () => ({ opened: false }) },
        loginShellEnv,
        home: dir
      })
    )
    const { api } = createDirectApi(router)
    expect(await api.app.knownRegistries()).toEqual([
      { kind: 'npm', url: MIRROR_NPM, source: 'NPM_CONFIG_REGISTRY' },
      { kind: 'pip', url: MIRROR_PIP, source: '~/.config/pip/pip.conf' }
    ])
  })
})
