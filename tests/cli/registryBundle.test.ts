import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { helloArchive } from '../main/extensions/archives'
import { startBundleHost, type BundleHost } from '../fixtures/discovery/bundleHost'
import { startStandInRegistry, type StandInRegistry } from '../fixtures/discovery/standInRegistry'
import { tempDir } from '../main/services/helpers'
import { cli, stopStrayClis } from './run'

afterEach(stopStrayClis)

let bundles: BundleHost
let registry: StandInRegistry
beforeAll(async () => {
  bundles = await startBundleHost(await helloArchive())
  registry = await startStandInRegistry({ entries: [bundles.good, bundles.wrong] as never })
})
afterAll(async () => {
  await registry.close()
  await bundles.close()
})

/** the CLI on its own user-data folder; Node trusts the bundle host's certificate as a system would a real one */
function app() {
  const userData = tempDir('mcp-cli-registry-bundle-')
  const env = { MCP_STUDIO_USER_DATA: userData, MCP_REGISTRY_URL: registry.url, NODE_EXTRA_CA_CERTS: bundles.caFile }
  return { userData, extensions: join(userData, 'mcp', 'extensions'), run: (...args: string[]) => cli(args, { env }) }
}

describe('registry add of an entry that ships a desktop extension bundle', () => {
  it('downloads and installs it; its settings come from --input, a missing required one is exit 2 naming it; it then runs', async () => {
    const { run, extensions } = app()
    const folder = join(extensions, 'hello-extension')
    const found = await run('registry', 'search', 'hello-bundle')
    expect(found.stdout).toContain(`io.github.example/hello-bundle\t1.0.0\tmcpb: ${bundles.bundleUrl}\t`)

    const missing = await run('registry', 'add', 'io.github.example/hello-bundle')
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim()).toBe('error: "Hello Extension" needs a value for "Greeting" (user_config.greeting): pass --input greeting=VALUE')
    expect(existsSync(folder)).toBe(false)

    const added = await run('registry', 'add', 'io.github.example/hello-bundle', '--input', 'greeting=Ahoy', '--input', 'api_key=sk-registry-bundle-secret')
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(added.stdout).toBe(`added io.github.example/hello-bundle 1.0.0 as extension "Hello Extension" (approved):\n  runs: node ${folder}/server/index.mjs\n  in:   ${folder}\n`)
    expect((await run('dxt', 'list')).stdout.trim()).toBe(`hello-extension\t1.0.0\tHello Extension\t${folder}`)

    const called = await run('call', 'Hello Extension', 'hello', '--args', '{"name":"Cli"}')
    expect(called.code).toBe(0)
    expect(called.stdout).toContain('Ahoy, Cli! (version 1.0.0')
  })

  it('a checksum that does not match: exit 1 with a sentence naming the entry; nothing installed', async () => {
    const { run, extensions } = app()
    const refused = await run('registry', 'add', 'io.github.example/hello-bundle-tampered', '--input', 'greeting=Hi')
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toMatch(
      /^error: io\.github\.example\/hello-bundle-tampered was refused: the downloaded bundle's SHA-256 \([0-9a-f]{12}…\) is not the one the registry lists \(b{12}…\); nothing was installed and the download was deleted$/
    )
    expect(existsSync(extensions) ? readdirSync(extensions) : []).toEqual([])
    expect((await run('servers', '--json')).stdout).not.toContain('Hello Extension')
  })
})
