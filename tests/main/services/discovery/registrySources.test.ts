import { describe, expect, it } from 'vitest'
import { FileStorage } from '../../../../src/main/services/storage/FileStorage'
import { RegistrySources } from '../../../../src/main/services/discovery/registrySources'
import { tempDir } from '../helpers'

// Which registries the Browse dialog and the CLI offer, and which comes first (the one searched).
describe('the registries a user searches', () => {
  const PACKAGED = 'https://registry.packaged.example/'

  it('offers the build’s default first when the environment sets none, and keeps it out of what the user saves', async () => {
    const sources = new RegistrySources(new FileStorage(tempDir('mcp-sources-')), {}, PACKAGED)
    expect(await sources.list()).toEqual([{ url: 'https://registry.packaged.example', fromEnvironment: false, packaged: true }])
    // the user adds their company's own (and repeats the default): the default stays once, first
    expect(await sources.save(['https://mcp.company.example', 'https://registry.packaged.example'])).toEqual([
      { url: 'https://registry.packaged.example', fromEnvironment: false, packaged: true },
      { url: 'https://mcp.company.example', fromEnvironment: false }
    ])
  })

  it('puts MCP_REGISTRY_URL before the build’s default, and a build without one offers only what the user saved', async () => {
    const storage = new FileStorage(tempDir('mcp-sources-'))
    const fromEnv = new RegistrySources(storage, { MCP_REGISTRY_URL: 'https://env.example' }, PACKAGED)
    expect((await fromEnv.list()).map((s) => s.url)).toEqual(['https://env.example', 'https://registry.packaged.example'])
    const unpackaged = new RegistrySources(storage, {}, undefined)
    expect(await unpackaged.list()).toEqual([])
    expect(await unpackaged.save(['https://mcp.company.example'])).toEqual([{ url: 'https://mcp.company.example', fromEnvironment: false }])
  })

  it('leaves out a packaged address that is not an http(s) URL instead of failing every search', async () => {
    const sources = new RegistrySources(new FileStorage(tempDir('mcp-sources-')), {}, 'ftp://nope')
    expect(await sources.list()).toEqual([])
  })
})
