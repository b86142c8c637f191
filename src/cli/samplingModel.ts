import type { CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import { redactText } from '@shared/mcp/redact'
import { providerFailure } from '../main/services/chat/providerErrors'
import { listModels } from '../main/services/chat/providers'
import { draftSamplingReply, type SampledReply } from '../main/services/chat/samplingDraft'
import type { SamplingModelFlags } from './answerFlags'
import { resolveChatProvider } from './chatProvider'

/** Writes the reply to a server's sampling request with the run's model. */
export type CliSampler = (params: CreateMessageRequestParams, signal: AbortSignal) => Promise<SampledReply>

/**
 * `--sampling model`: the endpoint `chat` would use (--base-url, else OPENAI_BASE_URL, else the
 * app's saved default; none is a usage error saying how to give one), its model --model, the
 * saved default, or the first it lists. The servers' secrets and the key never reach the endpoint,
 * and the key is taken out of any error it sends back.
 */
export async function modelSampler(flags: SamplingModelFlags, userDataDir: string, secrets: () => readonly string[]): Promise<CliSampler> {
  const provider = await resolveChatProvider(flags, userDataDir)
  const keys = provider.apiKey ? [provider.apiKey] : []
  let model = provider.model
  return async (params, signal) => {
    try {
      model ??= (await listModels(provider, globalThis.fetch, signal).catch((error: unknown) => Promise.reject(providerFailure(error, provider))))[0]
      if (!model) throw new Error(`the model provider at ${provider.baseUrl} lists no models; pass --model M`)
      return await draftSamplingReply(params, { provider: { ...provider, model }, secrets: () => [...secrets(), ...keys], signal })
    } catch (error) {
      // the message only: a cause could carry the key onward
      // eslint-disable-next-line preserve-caught-error
      throw new Error(redactText(error instanceof Error ? error.message : String(error), { secrets: keys }))
    }
  }
}
