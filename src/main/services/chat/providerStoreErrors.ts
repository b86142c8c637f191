/** No model provider at all: says how to add one. */
export class NoProviderError extends Error {
  constructor(
    message = 'no model provider yet: add one under Model providers (OpenAI, Anthropic, Google Gemini, DeepSeek, OpenRouter, or Ollama / LM Studio on this computer), ' +
      'or start MCP Studio with OPENAI_BASE_URL and OPENAI_API_KEY, ANTHROPIC_API_KEY, or GEMINI_API_KEY set'
  ) {
    super(message)
    this.name = 'NoProviderError'
  }
}

/** A chat or a default that names a provider that is not there (removed since). */
export class UnknownProviderError extends Error {
  constructor(readonly providerId: string) {
    super(`no model provider "${providerId}": it may have been removed; pick another model`)
    this.name = 'UnknownProviderError'
  }
}

/** A provider that cannot be used as it is: its key would not decrypt, or its URL is wrong. */
export class ProviderUnusableError extends Error {
  constructor(
    readonly providerId: string,
    name: string,
    readonly problem: string
  ) {
    super(`model provider "${name}": ${problem}`)
    this.name = 'ProviderUnusableError'
  }
}
