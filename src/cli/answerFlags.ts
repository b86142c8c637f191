import { z } from 'zod'
import { usageError } from './errors'

/** What the flags may say; without a flag the CLI asks on a terminal and declines without one. */
const ElicitationFlag = z.enum(['accept-defaults', 'decline'])
const SamplingFlag = z.enum(['decline', 'model'])

export interface ServerRequestPolicy {
  elicitation: 'ask' | z.infer<typeof ElicitationFlag>
  sampling: 'ask' | z.infer<typeof SamplingFlag>
}

/** Commands that start no server: nothing there can ask, so the flags would be a mistake. */
const NO_SERVER = new Set(['servers', 'import', 'remove', 'approve', 'help'])

/** With `--sampling model`: the endpoint that answers, given as for `chat`. */
export interface SamplingModelFlags {
  model?: string
  baseUrl?: string
  apiKeyEnv?: string
}

/** The flags `--sampling model` shares with `chat`. */
export const SAMPLING_MODEL_FLAGS: ReadonlySet<string> = new Set(['model', 'base-url', 'api-key-env'])

/** `--sampling model`'s endpoint flags, checked; undefined for any other --sampling. */
export function samplingModelFlags(values: { sampling?: string; model?: string; 'base-url'?: string; 'api-key-env'?: string }): SamplingModelFlags | undefined {
  if (values.sampling !== 'model') return undefined
  for (const flag of SAMPLING_MODEL_FLAGS) {
    const value = values[flag as 'model']
    if (value !== undefined && !value.trim()) throw usageError(`--${flag} needs a value`)
  }
  return { model: values.model, baseUrl: values['base-url'], apiKeyEnv: values['api-key-env'] }
}

/** `--elicitation accept-defaults|decline` and `--sampling decline|model`, checked; a bad value is bad usage (exit 2). */
export function parseAnswerFlags(values: { elicitation?: string; sampling?: string }, command: string | undefined): ServerRequestPolicy {
  for (const flag of ['elicitation', 'sampling'] as const) {
    if (values[flag] !== undefined && command !== undefined && NO_SERVER.has(command)) {
      throw usageError(`--${flag} does not apply to "${command}": it starts no server that could ask`)
    }
  }
  const elicitation = ElicitationFlag.optional().safeParse(values.elicitation)
  if (!elicitation.success) throw usageError(`--elicitation takes accept-defaults or decline, got "${values.elicitation}"`)
  const sampling = SamplingFlag.optional().safeParse(values.sampling)
  if (!sampling.success) throw usageError(`--sampling takes decline or model, got "${values.sampling}"`)
  return { elicitation: elicitation.data ?? 'ask', sampling: sampling.data ?? 'ask' }
}
