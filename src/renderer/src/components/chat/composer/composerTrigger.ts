/** What the text before the caret asks for: `/` at the very start lists prompts, `@` after a space lists resources. */
export interface ComposerTrigger {
  kind: 'prompt' | 'resource'
  /** what was typed after the `/` or `@`, to search with */
  query: string
  /** where the `/` or `@` is: choosing an entry replaces from here to the caret */
  start: number
}

export function composerTrigger(text: string, caret: number): ComposerTrigger | undefined {
  const before = text.slice(0, caret)
  const prompt = /^\/(\S*)$/.exec(before)
  if (prompt) return { kind: 'prompt', query: prompt[1], start: 0 }
  const resource = /(^|\s)@(\S*)$/.exec(before)
  if (resource) return { kind: 'resource', query: resource[2], start: before.length - resource[2].length - 1 }
  return undefined
}

/** The text with the trigger (from its `/` or `@` to the caret) taken out. */
export function withoutTrigger(text: string, trigger: ComposerTrigger, caret: number): string {
  return text.slice(0, trigger.start) + text.slice(caret)
}
