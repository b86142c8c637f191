import { vi } from 'vitest'

/** The variables from which the app makes a provider of its own (read-only, "from the environment"). */
const PROVIDER_VARIABLES = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY']

/** The shell running the tests adds no provider to what a test sees; `vi.unstubAllEnvs()` undoes it. */
export function withoutEnvironmentProviders(): void {
  for (const name of PROVIDER_VARIABLES) vi.stubEnv(name, '')
}
