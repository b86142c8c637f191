import {
  ENV_PROVIDER_IDS,
  MASKED_VALUE,
  ModelRefSchema,
  ProviderInputSchema,
  type ModelRef,
  type ProviderInput,
  type ProviderKind,
  type ProvidersNotice,
  type ProvidersSnapshot,
  type ProviderView
} from '@shared/chat/providers'
import { redactText } from '@shared/mcp/redact'
import type { z } from 'zod'
import { ENV_READ_ONLY, envProviders, type EnvProvider } from './envProvider'
import { ProviderError } from './providerErrors'
import type { ProvidersFile } from './providerFile'
import { keyProblem, openKey, plainKey, sealKey, type ProviderKey } from './providerKey'
import { listModels, type ChatProvider } from './providers'
import { ProvidersFileStore } from './providersFileStore'
import { NoProviderError, ProviderUnusableError, UnknownProviderError } from './providerStoreErrors'

export { NoProviderError, ProviderUnusableError, UnknownProviderError }

export interface ProviderStoreDeps {
  userDataDir: string
  encrypt?: (plain: string) => string
  decrypt?: (cipher: string) => string
  /** the environment the app started with: OPENAI_BASE_URL / OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY / GEMINI_API_KEY make read-only providers */
  env?: NodeJS.ProcessEnv
  fetch?: typeof fetch
}

interface SavedProvider {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  key?: ProviderKey
  models: string[]
  defaultModel?: string
}

interface State {
  providers: SavedProvider[]
  defaultModel?: ModelRef
  notice?: ProvidersNotice
  /** false while the file is there but cannot be read: nothing may be written over it */
  writable: boolean
}

/** A provider of either source, as the store works with it. */
interface AnyProvider {
  id: string
  name: string
  kind: ProviderKind
  baseUrl: string
  apiKey?: string
  models: string[]
  defaultModel?: string
  source: 'saved' | 'env'
  /** a key is stored, opened or not */
  hasKey: boolean
  problem?: string
}

/** How long the providers page waits for a provider's model list. */
const LIST_MODELS_TIMEOUT_MS = 15_000

const unique = (values: string[]) => [...new Set(values)]

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(provider)'}: ${issue.message}`)
    .join('; ')
}

/**
 * The model providers the chat may use, owned by main: saved in `{userData}/chat/providers.json`
 * (keys sealed like servers' secrets, never sent to a window), plus the one the environment names.
 */
export class ProviderStore {
  private readonly file: ProvidersFileStore
  private readonly fromEnv: EnvProvider[]
  private readonly fetch: typeof fetch
  private readonly listeners = new Set<() => void>()
  private state: State = { providers: [], writable: true }
  private loading: Promise<void> | undefined
  /** changes one at a time, each on the state the last one left */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: ProviderStoreDeps) {
    this.file = new ProvidersFileStore(deps.userDataDir)
    this.fromEnv = envProviders(deps.env ?? process.env)
    this.fetch = deps.fetch ?? globalThis.fetch
  }

  /** Reads the file once; every other call waits for it. */
  load(): Promise<void> {
    this.loading ??= this.read()
    return this.loading
  }

  async list(): Promise<ProvidersSnapshot> {
    await this.load()
    const providers = this.all().map(view)
    const defaultModel = this.defaultRef()
    return { providers, ...(defaultModel ? { defaultModel } : {}), ...(this.state.notice ? { notice: this.state.notice } : {}) }
  }

  async save(input: ProviderInput): Promise<ProviderView> {
    const parsed = ProviderInputSchema.safeParse(input)
    if (!parsed.success) throw new Error(describeIssues(parsed.error))
    const next = parsed.data
    if (next.id !== undefined && ENV_PROVIDER_IDS.includes(next.id)) throw new Error(ENV_READ_ONLY)
    return this.change((state) => {
      const before = next.id === undefined ? undefined : state.providers.find((p) => p.id === next.id)
      if (next.id !== undefined && !before) throw new UnknownProviderError(next.id)
      let key: ProviderKey | undefined
      if (next.apiKey === MASKED_VALUE) {
        if (!before?.key) throw new Error('apiKey: enter the key (none is stored for this provider)')
        key = before.key
      } else if (next.apiKey) key = { plain: next.apiKey }
      const saved: SavedProvider = {
        id: before?.id ?? newId(next.name, state.providers),
        name: next.name,
        kind: next.kind,
        baseUrl: next.baseUrl,
        ...(key ? { key } : {}),
        models: unique(next.models),
        ...(next.defaultModel ? { defaultModel: next.defaultModel } : {})
      }
      const providers = before ? state.providers.map((p) => (p === before ? saved : p)) : [...state.providers, saved]
      return { state: { ...state, providers }, result: view(savedAsAny(saved)) }
    })
  }

  async remove(providerId: string): Promise<void> {
    if (ENV_PROVIDER_IDS.includes(providerId)) throw new Error(ENV_READ_ONLY)
    await this.change((state) => {
      // already gone (removed twice, or from another window): nothing to write or tell
      if (!state.providers.some((p) => p.id === providerId)) return { state: undefined, result: undefined }
      const providers = state.providers.filter((p) => p.id !== providerId)
      // the default goes with its provider; the next one in the list takes over
      const defaultModel = state.defaultModel?.providerId === providerId ? undefined : state.defaultModel
      return { state: { ...state, providers, defaultModel }, result: undefined }
    })
  }

  /** The provider's models (`GET {base}/models`) with the hand-typed ones first; a draft is the page's unsaved form. */
  async listModels(arg: { providerId: string } | { draft: ProviderInput }): Promise<string[]> {
    await this.load()
    let target: { kind: ProviderKind; baseUrl: string; apiKey?: string; models: string[] }
    if ('providerId' in arg) {
      target = this.usable(arg.providerId)
    } else {
      const parsed = ProviderInputSchema.safeParse(arg.draft)
      if (!parsed.success) throw new Error(describeIssues(parsed.error))
      const draft = parsed.data
      let apiKey = draft.apiKey || undefined
      if (apiKey === MASKED_VALUE) {
        const stored = draft.id === undefined ? undefined : this.all().find((p) => p.id === draft.id)
        if (!stored?.apiKey) throw new Error(stored?.problem ? `apiKey: ${stored.problem}` : 'apiKey: enter the key (none is stored for this provider)')
        apiKey = stored.apiKey
      }
      target = { kind: draft.kind, baseUrl: draft.baseUrl, apiKey, models: draft.models }
    }
    let listed: string[]
    try {
      listed = await listModels({ kind: target.kind, baseUrl: target.baseUrl, apiKey: target.apiKey }, this.fetch, AbortSignal.timeout(LIST_MODELS_TIMEOUT_MS))
    } catch (error) {
      // the endpoint's answer is quoted in the sentence: a provider that echoes the key must not pass it on
      const secrets = target.apiKey ? [target.apiKey, ...this.secrets()] : this.secrets()
      const message = redactText(error instanceof Error ? error.message : String(error), { secrets })
      throw new ProviderError(message, (error as { status?: number }).status, (error as { code?: ProviderError['code'] }).code)
    }
    return unique([...target.models, ...listed])
  }

  async setDefaultModel(ref: ModelRef): Promise<void> {
    const parsed = ModelRefSchema.safeParse(ref)
    if (!parsed.success) throw new Error(describeIssues(parsed.error))
    await this.change((state) => {
      if (!this.all(state).some((p) => p.id === parsed.data.providerId)) throw new UnknownProviderError(parsed.data.providerId)
      return { state: { ...state, defaultModel: parsed.data }, result: undefined }
    })
  }

  /**
   * For a turn: the provider with its key, and the model. Without a ref, the default; a provider
   * with no model known gives the first it lists.
   */
  async resolve(ref?: ModelRef): Promise<{ ref: ModelRef; provider: ChatProvider & { model: string } }> {
    await this.load()
    let chosen = ref ?? this.defaultRef()
    if (!chosen) {
      const all = this.all()
      if (!all.length) throw new NoProviderError()
      // no model known anywhere: the first usable provider's first listed one
      const first = this.usable((all.find((p) => !p.problem) ?? all[0]).id)
      const [model] = await this.listModels({ providerId: first.id })
      if (!model) throw new Error(`model provider "${first.name}" lists no models at ${first.baseUrl}: type a model's id in its settings`)
      chosen = { providerId: first.id, model }
    }
    const provider = this.usable(chosen.providerId)
    return { ref: chosen, provider: { kind: provider.kind, baseUrl: provider.baseUrl, ...(provider.apiKey ? { apiKey: provider.apiKey } : {}), model: chosen.model } }
  }

  /** Every key in use: scrubbed from errors, spans and what is sent to a model. */
  secrets(): string[] {
    const keys = this.state.providers.map((p) => plainKey(p.key)).filter((k): k is string => !!k)
    for (const env of this.fromEnv) if (env.apiKey) keys.push(env.apiKey)
    return keys
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  private async read(): Promise<void> {
    const read = await this.file.read()
    if (read.kind !== 'ok') {
      this.state = { providers: [], notice: read.notice, writable: read.kind === 'damaged' }
      return
    }
    const { providers, defaultModel } = read.content
    this.state = {
      providers: providers.map(({ apiKey, ...rest }) => {
        const key = openKey(apiKey, this.deps.decrypt)
        return { ...rest, ...(key ? { key } : {}) }
      }),
      ...(defaultModel ? { defaultModel } : {}),
      writable: true
    }
  }

  /** One change: computed on the current state, written, then made current and told to listeners. */
  private change<T>(compute: (state: State) => { state: State | undefined; result: T }): Promise<T> {
    const run = async () => {
      await this.load()
      if (!this.state.writable) {
        throw new Error(`the saved model providers in ${this.file.file} cannot be read, so they are not changed: ${this.state.notice?.detail ?? ''}`)
      }
      const { state, result } = compute(this.state)
      if (!state) return result
      await this.file.write(this.toFile(state))
      this.state = state
      for (const listener of this.listeners) listener()
      return result
    }
    const done = this.queue.then(run, run)
    this.queue = done.catch(() => undefined)
    return done
  }

  private toFile(state: State): ProvidersFile {
    return {
      providers: state.providers.map(({ key, ...rest }) => {
        const apiKey = sealKey(key, this.deps.encrypt)
        return { ...rest, ...(apiKey !== undefined ? { apiKey } : {}) }
      }),
      ...(state.defaultModel ? { defaultModel: state.defaultModel } : {})
    }
  }

  /** Saved ones in the user's order, then the environment's. */
  private all(state: State = this.state): AnyProvider[] {
    const saved = state.providers.map(savedAsAny)
    const env = this.fromEnv.map(({ apiKey, problem, ...rest }): AnyProvider => ({
      ...rest,
      models: [],
      source: 'env',
      hasKey: !!apiKey,
      ...(apiKey ? { apiKey } : {}),
      ...(problem ? { problem } : {})
    }))
    return [...saved, ...env]
  }

  /** The stored default while its provider is there; else the first provider's own default or first model. */
  private defaultRef(): ModelRef | undefined {
    const all = this.all()
    const stored = this.state.defaultModel
    if (stored && all.some((p) => p.id === stored.providerId)) return stored
    for (const p of all) {
      const model = p.defaultModel ?? p.models[0]
      if (model && !p.problem) return { providerId: p.id, model }
    }
    return undefined
  }

  /** The provider by id, ready to call; a clear error when it is not there or cannot be used. */
  private usable(providerId: string): AnyProvider {
    const provider = this.all().find((p) => p.id === providerId)
    if (!provider) throw new UnknownProviderError(providerId)
    if (provider.problem) throw new ProviderUnusableError(provider.id, provider.name, provider.problem)
    return provider
  }
}

function savedAsAny(p: SavedProvider): AnyProvider {
  const apiKey = plainKey(p.key)
  const problem = keyProblem(p.key)
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseUrl,
    models: p.models,
    ...(p.defaultModel ? { defaultModel: p.defaultModel } : {}),
    source: 'saved',
    // a key that would not open is still there: the page shows it as set, with the problem
    hasKey: p.key !== undefined,
    ...(apiKey ? { apiKey } : {}),
    ...(problem ? { problem } : {})
  }
}

/** What a window may see: whether there is a key, never the key. */
function view(p: AnyProvider): ProviderView {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseUrl,
    hasKey: p.hasKey,
    models: p.models,
    ...(p.defaultModel ? { defaultModel: p.defaultModel } : {}),
    source: p.source,
    ...(p.problem ? { problem: p.problem } : {})
  }
}

/** A readable id from the name (`deepseek`, `deepseek-2`), never the environment's. */
function newId(name: string, taken: SavedProvider[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'provider'
  const used = new Set([...ENV_PROVIDER_IDS, ...taken.map((p) => p.id)])
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}
