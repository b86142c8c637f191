/** How a model without native tool calls writes one: a fenced block of JSON. */
export const CALL_OPEN = '```tool_call'
const FENCE = '```'

/** One block the model wrote: a call to run, or what is wrong with it (told back to the model). */
export type TextToolCall = { raw: string } & ({ ok: true; name: string; args: Record<string, unknown> } | { ok: false; problem: string })

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A block's JSON → the call, or a sentence saying what is wrong, in terms the model can fix. */
export function readToolCall(body: string, toolNames: readonly string[]): TextToolCall {
  const raw = `${CALL_OPEN}\n${body.trim()}\n${FENCE}`
  let json: unknown
  try {
    json = JSON.parse(body.trim())
  } catch (error) {
    return { raw, ok: false, problem: `the block is not valid JSON (${(error as Error).message})` }
  }
  if (!isObject(json)) return { raw, ok: false, problem: 'the block must hold one JSON object: {"name": "<tool name>", "arguments": {…}}' }
  const { name, arguments: args } = json
  if (typeof name !== 'string' || !name) return { raw, ok: false, problem: '"name" is missing: give the name of one of the tools listed' }
  if (!toolNames.includes(name)) return { raw, ok: false, problem: `there is no tool named "${name}"; the tools are: ${toolNames.join(', ') || '(none)'}` }
  if (args !== undefined && !isObject(args)) return { raw, ok: false, problem: '"arguments" must be a JSON object' }
  return { raw, ok: true, name, args: args ?? {} }
}

/**
 * Reads a model's streamed text: what is not a tool_call block is text to show; each closed block
 * is a call. Text that may be the start of a block is held back until the next piece says.
 */
export class ToolCallTextParser {
  private pending = ''
  private inside = false

  constructor(private readonly toolNames: readonly string[]) {}

  push(delta: string): { text: string; calls: TextToolCall[] } {
    this.pending += delta
    let text = ''
    const calls: TextToolCall[] = []
    for (;;) {
      if (!this.inside) {
        const at = this.pending.indexOf(CALL_OPEN)
        if (at < 0) {
          const keep = heldBack(this.pending)
          text += this.pending.slice(0, this.pending.length - keep)
          this.pending = this.pending.slice(this.pending.length - keep)
          break
        }
        text += this.pending.slice(0, at)
        this.pending = this.pending.slice(at + CALL_OPEN.length)
        this.inside = true
      }
      const end = this.pending.indexOf(FENCE)
      if (end < 0) break
      calls.push(readToolCall(this.pending.slice(0, end), this.toolNames))
      this.pending = this.pending.slice(end + FENCE.length)
      this.inside = false
    }
    return { text, calls }
  }

  /** The end of the text: held-back text is text after all; an unclosed block is a call gone wrong. */
  end(): { text: string; calls: TextToolCall[] } {
    const rest = this.pending
    this.pending = ''
    if (!this.inside) return { text: rest, calls: [] }
    this.inside = false
    return { text: '', calls: [{ raw: `${CALL_OPEN}${rest}`, ok: false, problem: `the tool_call block was not closed: end it with a line of ${FENCE}` }] }
  }
}

/** How much of the end of `text` could be the start of a block marker. */
function heldBack(text: string): number {
  for (let n = Math.min(CALL_OPEN.length - 1, text.length); n > 0; n--) {
    if (CALL_OPEN.startsWith(text.slice(text.length - n))) return n
  }
  return 0
}
