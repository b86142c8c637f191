import { PROVIDER_PRESETS, type LocalEndpoint } from '@shared/chat/providers'
import { listModels } from './providers'

/** An endpoint worth asking: a preset's id, name and base URL. */
export interface EndpointToProbe {
  id: string
  name: string
  baseUrl: string
}

/** Ollama, LM Studio, llama.cpp's server, vLLM on their usual ports of this machine. */
export const LOCAL_PRESETS: readonly EndpointToProbe[] = PROVIDER_PRESETS.filter((p) => p.local)

/** A local server answers at once; a port nobody listens on is refused at once. Anything slower is not one. */
const PROBE_TIMEOUT_MS = 400

/**
 * Which of these endpoints answer `GET {base}/models` now, with their models, all asked at once.
 * Never throws: one that is closed, hangs or answers with an error is simply not listed.
 */
export async function probeLocalEndpoints(endpoints: readonly EndpointToProbe[] = LOCAL_PRESETS, fetch: typeof globalThis.fetch = globalThis.fetch): Promise<LocalEndpoint[]> {
  const answers = await Promise.all(
    endpoints.map(async (endpoint): Promise<LocalEndpoint | undefined> => {
      try {
        const models = await listModels({ baseUrl: endpoint.baseUrl }, fetch, AbortSignal.timeout(PROBE_TIMEOUT_MS))
        return { presetId: endpoint.id, name: endpoint.name, baseUrl: endpoint.baseUrl, models }
      } catch {
        return undefined
      }
    })
  )
  return answers.filter((a): a is LocalEndpoint => a !== undefined)
}
