import { z } from 'zod'
import { usageError } from './errors'

/** What the flags may say; without a flag the CLI asks on a terminal and declines without one. */
const ElicitationFlag = z.enum(['accept-defaults', 'decline'])
const SamplingFlag = z.enum(['decline'])

export interface ServerRequestPolicy {
  elicitation: 'ask' | z.infer<typeof ElicitationFlag>
  sampling: 'ask' | z.infer<typeof SamplingFlag>
}

/** Commands that start no server: nothing there can ask, so the flags would be a mistake. */
const NO_SERVER = new Set(['servers', 'import', 'remove', 'approve', 'help'])

/** `--elicitation accept-defaults|decline` and `--sampling decline`, checked; a bad value is bad usage (exit 2). */
export function parseAnswerFlags(values: { elicitation?: string; sampling?: string }, command: string | undefined): ServerRequestPolicy {
  for (const flag of ['elicitation', 'sampling'] as const) {
    if (values[flag] !== undefined && command !== undefined && NO_SERVER.has(command)) {
      throw usageError(`--${flag} does not apply to "${command}": it starts no server that could ask`)
    }
  }
  const elicitation = ElicitationFlag.optional().safeParse(values.elicitation)
  if (!elicitation.success) throw usageError(`--elicitation takes accept-defaults or decline, got "${values.elicitation}"`)
  const sampling = SamplingFlag.optional().safeParse(values.sampling)
  if (!sampling.success) throw usageError(`--sampling takes decline, got "${values.sampling}"`)
  return { elicitation: elicitation.data ?? 'ask', sampling: sampling.data ?? 'ask' }
}
