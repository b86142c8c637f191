import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENV_ANTHROPIC_ID, ENV_GOOGLE_ID, ENV_PROVIDER_ID, MASKED_VALUE } from '@shared/chat/providers'
import { scriptedAnthropic } from '../../fixtures/chat/scriptedAnthropic'
import { NoProviderError, ProviderStore } from '../../../src/main/services/chat/ProviderStore'
import { scriptedModel, type ScriptedModel } from '../../fixtures/chat/scriptedModel'
import { tempDir } from '../services/helpers'

// the chat's model providers as main keeps them: what the file holds, what a window sees, what a turn gets.
const seal = (plain: string) => Buffer.from(plain).reverse().toString('base64')
const open = (cipher: string) => Buffer.from(cipher, 'base64').reverse().toString('utf8')
const KEY = 'sk-test-provider-key-1234'

let model: ScriptedModel
beforeAll(async () => {
  model = await scriptedModel(() => ({ text: 'hi' }), { key: KEY, models: ['listed-1', 'listed-2'] })
})
afterAll(() => model.close())

const fileIn = (dir: string) => join(dir, 'chat', 'providers.json')
const storeIn = (dir: string, extra: Partial<ConstructorParameters<typeof ProviderStore>[0]> = {}) =>
  new ProviderStore({ userDataDir: dir, encrypt: seal, decrypt: open, env: {}, ...extra })

describe('ProviderStore', () => {
  it('saves a provider with its key sealed in a 0600 file; the view and the list never carry the key', async () => {
    const dir = tempDir()
    const store = storeIn(dir)
    let changes = 0
    store.onChange(() => changes++)
    const view = await store.save({ name: 'Deep Seek', baseUrl: 'https://api.deepseek.com/v1', apiKey: KEY, models: ['deepseek-chat'] })
    expect(view).toEqual({ id: 'deep-seek', name: 'Deep Seek', kind: 'openai-compatible', baseUrl: 'https://api.deepseek.com/v1', hasKey: true, models: ['deepseek-chat'], source: 'saved' })
    expect(changes).toBe(1)

    const text = readFileSync(fileIn(dir), 'utf8')
    expect(text).not.toContain(KEY)
    expect(JSON.parse(text)).toMatchObject({ version: 1, providers: [{ id: 'deep-seek', apiKey: { $enc: seal(KEY) } }] })
    if (process.platform !== 'win32') expect(statSync(fileIn(dir)).mode & 0o777).toBe(0o600)

    // a new process reads it back: the list shows it without the key, the turn gets the key
    const again = storeIn(dir)
    const snapshot = await again.list()
    expect(JSON.stringify(snapshot)).not.toContain(KEY)
    expect(snapshot).toEqual({ providers: [view], defaultModel: { providerId: 'deep-seek', model: 'deepseek-chat' } })
    expect(await again.resolve()).toEqual({
      ref: { providerId: 'deep-seek', model: 'deepseek-chat' },
      provider: { kind: 'openai-compatible', baseUrl: 'https://api.deepseek.com/v1', apiKey: KEY, model: 'deepseek-chat' }
    })
    expect(again.secrets()).toEqual([KEY])
  })

  it('a save with the masked key keeps the stored key; an empty key removes it; a second provider of that name gets its own id', async () => {
    const dir = tempDir()
    const store = storeIn(dir)
    const { id } = await store.save({ name: 'Mine', baseUrl: model.baseUrl, apiKey: KEY })
    const renamed = await store.save({ id, name: 'Mine, renamed', baseUrl: model.baseUrl, apiKey: MASKED_VALUE, models: ['listed-2'] })
    expect(renamed).toMatchObject({ id, name: 'Mine, renamed', hasKey: true })
    expect((await storeIn(dir).resolve({ providerId: id, model: 'listed-2' })).provider.apiKey).toBe(KEY)

    const other = await store.save({ name: 'Mine', baseUrl: model.baseUrl })
    expect(other.id).toBe('mine-2')
    await expect(store.save({ name: 'New', baseUrl: model.baseUrl, apiKey: MASKED_VALUE })).rejects.toThrow('apiKey: enter the key')

    expect(await store.save({ id, name: 'Mine', baseUrl: model.baseUrl, apiKey: '' })).toMatchObject({ hasKey: false })
    expect(store.secrets()).toEqual([])
    expect(readFileSync(fileIn(dir), 'utf8')).not.toContain(seal(KEY))
  })

  it('bad input is refused naming the field, and nothing is written', async () => {
    const dir = tempDir()
    const store = storeIn(dir)
    await expect(store.save({ name: 'x', baseUrl: 'ftp://example.com' })).rejects.toThrow('baseUrl: must be an http:// or https:// URL')
    await expect(store.save({ name: ' ', baseUrl: model.baseUrl })).rejects.toThrow('name: give the provider a name')
    await expect(store.save({ id: 'gone', name: 'x', baseUrl: model.baseUrl })).rejects.toThrow('no model provider "gone"')
    expect(existsSync(fileIn(dir))).toBe(false)
  })

  it('lists the environment provider (OPENAI_API_KEY alone means OpenAI), read-only, its key among the secrets', async () => {
    const dir = tempDir()
    const store = storeIn(dir, { env: { OPENAI_API_KEY: KEY } })
    const { providers } = await store.list()
    expect(providers).toEqual([{ id: ENV_PROVIDER_ID, name: 'OpenAI (OPENAI_API_KEY)', kind: 'openai-compatible', baseUrl: 'https://api.openai.com/v1', hasKey: true, models: [], source: 'env' }])
    expect(store.secrets()).toEqual([KEY])
    await expect(store.save({ id: ENV_PROVIDER_ID, name: 'x', baseUrl: model.baseUrl })).rejects.toThrow('comes from the environment MCP Studio started with')
    await expect(store.remove(ENV_PROVIDER_ID)).rejects.toThrow('comes from the environment MCP Studio started with')

    // with no model known, a turn takes the first the endpoint lists; it may be the default
    const local = storeIn(tempDir(), { env: { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: KEY } })
    expect(await local.resolve()).toEqual({ ref: { providerId: ENV_PROVIDER_ID, model: 'listed-1' }, provider: { kind: 'openai-compatible', baseUrl: model.baseUrl, apiKey: KEY, model: 'listed-1' } })
    await local.setDefaultModel({ providerId: ENV_PROVIDER_ID, model: 'listed-2' })
    expect((await local.list()).defaultModel).toEqual({ providerId: ENV_PROVIDER_ID, model: 'listed-2' })
  })

  it('ANTHROPIC_API_KEY and GEMINI_API_KEY appear as read-only providers of their kinds, their keys among the secrets', async () => {
    const store = storeIn(tempDir(), { env: { ANTHROPIC_API_KEY: 'sk-ant-env-123456', GEMINI_API_KEY: 'AIza-env-123456' } })
    const { providers } = await store.list()
    expect(providers).toEqual([
      { id: ENV_ANTHROPIC_ID, name: 'Anthropic (ANTHROPIC_API_KEY)', kind: 'anthropic', baseUrl: 'https://api.anthropic.com/v1', hasKey: true, models: [], source: 'env' },
      { id: ENV_GOOGLE_ID, name: 'Google Gemini (GEMINI_API_KEY)', kind: 'google', baseUrl: 'https://generativelanguage.googleapis.com/v1beta', hasKey: true, models: [], source: 'env' }
    ])
    expect(store.secrets()).toEqual(['sk-ant-env-123456', 'AIza-env-123456'])
    await expect(store.remove(ENV_ANTHROPIC_ID)).rejects.toThrow('ANTHROPIC_API_KEY')
    await expect(store.save({ id: ENV_GOOGLE_ID, name: 'x', kind: 'google', baseUrl: model.baseUrl })).rejects.toThrow('comes from the environment')
    // the AI SDK's own name for Gemini's key wins over Google's
    const both = storeIn(tempDir(), { env: { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-sdk-123456', GEMINI_API_KEY: 'AIza-env-123456' } })
    expect((await both.list()).providers.map((p) => p.name)).toEqual(['Google Gemini (GOOGLE_GENERATIVE_AI_API_KEY)'])
  })

  it('a saved Anthropic provider lists its models from its own endpoint, with its key in x-api-key, and a turn resolves to that kind', async () => {
    const anthropic = await scriptedAnthropic(() => ({ text: '' }), { key: KEY, models: ['claude-x'] })
    try {
      const dir = tempDir()
      const store = storeIn(dir)
      const saved = await store.save({ name: 'Claude', kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: KEY })
      expect(await store.listModels({ providerId: saved.id })).toEqual(['claude-x'])
      expect(await store.resolve()).toEqual({ ref: { providerId: saved.id, model: 'claude-x' }, provider: { kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: KEY, model: 'claude-x' } })
      // the key was sealed like every other
      expect(readFileSync(fileIn(dir), 'utf8')).not.toContain(KEY)
      await expect(store.listModels({ draft: { name: 'Claude', kind: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: 'wrong-key-1234' } })).rejects.toMatchObject({ code: 'PROVIDER_KEY_REFUSED', status: 401 })
    } finally {
      await anthropic.close()
    }
  })

  it('the default model: set, then the next provider takes over when its provider is removed', async () => {
    const dir = tempDir()
    const store = storeIn(dir)
    const a = await store.save({ name: 'A', baseUrl: model.baseUrl, models: ['a-1'] })
    const b = await store.save({ name: 'B', baseUrl: model.baseUrl, models: ['b-1', 'b-2'], defaultModel: 'b-2' })
    expect((await store.list()).defaultModel).toEqual({ providerId: a.id, model: 'a-1' })
    await store.setDefaultModel({ providerId: a.id, model: 'typed-by-hand' })
    expect((await storeIn(dir).resolve()).ref).toEqual({ providerId: a.id, model: 'typed-by-hand' })
    await expect(store.setDefaultModel({ providerId: 'nope', model: 'm' })).rejects.toThrow('no model provider "nope"')

    let changes = 0
    store.onChange(() => changes++)
    await store.remove(a.id)
    expect((await storeIn(dir).list()).defaultModel).toEqual({ providerId: b.id, model: 'b-2' })
    // removed twice (two windows): the second is nothing to do
    await store.remove(a.id)
    expect(changes).toBe(1)
  })

  it('resolve: a clear error for an unknown provider, and for none at all', async () => {
    const store = storeIn(tempDir())
    const none = await store.resolve().catch((e: unknown) => e)
    expect(none).toBeInstanceOf(NoProviderError)
    expect((none as Error).message).toContain('no model provider yet: add one')
    await store.save({ name: 'A', baseUrl: model.baseUrl, models: ['a-1'] })
    await expect(store.resolve({ providerId: 'removed-one', model: 'm' })).rejects.toThrow('no model provider "removed-one": it may have been removed')
  })

  it('listModels: the endpoint’s models with the hand-typed ones, for a saved provider or an unsaved draft (masked key = the stored one)', async () => {
    const store = storeIn(tempDir())
    const saved = await store.save({ name: 'Local', baseUrl: model.baseUrl, apiKey: KEY, models: ['typed', 'listed-2'] })
    expect(await store.listModels({ providerId: saved.id })).toEqual(['typed', 'listed-2', 'listed-1'])
    expect(await store.listModels({ draft: { id: saved.id, name: 'Local', baseUrl: model.baseUrl, apiKey: MASKED_VALUE } })).toEqual(['listed-1', 'listed-2'])
    expect(await store.listModels({ draft: { name: 'New', baseUrl: model.baseUrl, apiKey: KEY } })).toEqual(['listed-1', 'listed-2'])
  })

  it('a wrong key gives the 401 sentence, without the key', async () => {
    const wrong = 'sk-wrong-key-5678'
    const store = storeIn(tempDir())
    const saved = await store.save({ name: 'Local', baseUrl: model.baseUrl, apiKey: wrong })
    const error = (await store.listModels({ providerId: saved.id }).catch((e: unknown) => e)) as Error
    expect(error.message).toContain(`the model provider at ${model.baseUrl} refused the API key (401); check the provider's API key`)
    expect(error.message).not.toContain(wrong)
    const draft = (await store.listModels({ draft: { name: 'x', baseUrl: model.baseUrl, apiKey: wrong } }).catch((e: unknown) => e)) as Error
    expect(draft.message).toContain('refused the API key (401)')
    expect(draft.message).not.toContain(wrong)
  })

  it('a key that will not decrypt is named as a problem and never used; the rest of the file still loads', async () => {
    const dir = tempDir()
    await storeIn(dir).save({ name: 'Sealed', baseUrl: model.baseUrl, apiKey: KEY, models: ['m'] })
    // another machine's keychain: the same file, a decrypt that fails
    const elsewhere = storeIn(dir, {
      decrypt: () => {
        throw new Error('wrong keychain')
      }
    })
    const { providers } = await elsewhere.list()
    expect(providers).toEqual([expect.objectContaining({ id: 'sealed', hasKey: true, problem: 'its API key could not be decrypted; enter the key again' })])
    expect(elsewhere.secrets()).toEqual([])
    await expect(elsewhere.resolve({ providerId: 'sealed', model: 'm' })).rejects.toThrow('model provider "Sealed": its API key could not be decrypted')
    // a save that keeps the key writes it back as it was, for the machine that can open it
    await elsewhere.save({ id: 'sealed', name: 'Sealed, renamed', baseUrl: model.baseUrl, apiKey: MASKED_VALUE })
    expect((await storeIn(dir).resolve({ providerId: 'sealed', model: 'm' })).provider.apiKey).toBe(KEY)
  })

  it('a damaged file is set aside, named in a notice, and never written over', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'chat'))
    writeFileSync(fileIn(dir), '{"version": 1, "providers": [{"id": "x"')
    const store = storeIn(dir)
    const { providers, notice } = await store.list()
    expect(providers).toEqual([])
    const kept = readdirSync(join(dir, 'chat')).filter((name) => name.startsWith('providers.json.corrupt-'))
    expect(kept).toHaveLength(1)
    expect(notice).toEqual({ keptAs: join(dir, 'chat', kept[0]), detail: expect.stringContaining('the saved model providers could not be read: it is not valid JSON') })
    expect(readFileSync(join(dir, 'chat', kept[0]), 'utf8')).toBe('{"version": 1, "providers": [{"id": "x"')

    // the next save starts a fresh file; the damaged one stays as it was
    await store.save({ name: 'Fresh', baseUrl: model.baseUrl })
    expect((await storeIn(dir).list()).providers.map((p) => p.id)).toEqual(['fresh'])
    expect(readFileSync(join(dir, 'chat', kept[0]), 'utf8')).toBe('{"version": 1, "providers": [{"id": "x"')

    // a file from a newer version is set aside too, saying so
    writeFileSync(fileIn(dir), JSON.stringify({ version: 9, providers: [] }))
    expect((await storeIn(dir).list()).notice?.detail).toContain('written by a newer MCP Studio (version 9')
  })
})
