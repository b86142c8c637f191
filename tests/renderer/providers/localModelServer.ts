import { PROVIDER_PRESETS, type ProviderPreset } from '@shared/chat/providers'
import { scriptedModel, type ScriptedModel } from '../../fixtures/chat/scriptedModel'

/**
 * The scripted model on the usual port of one of the local presets (LM Studio, llama.cpp, vLLM,
 * Ollama), the first one free here, so the app's probe finds it as it would find the real server.
 */
export async function localModelServer(models: string[]): Promise<{ model: ScriptedModel; preset: ProviderPreset }> {
  const tried: string[] = []
  for (const preset of PROVIDER_PRESETS.filter((p) => p.local)) {
    const port = Number(new URL(preset.baseUrl).port)
    try {
      return { model: await scriptedModel(() => ({ text: 'hello from the local model' }), { models, port }), preset }
    } catch (error) {
      tried.push(`${port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }
  throw new Error(`every local model server port is taken here: ${tried.join(', ')}`)
}
