import { showBidiControls } from '@shared/mcp/bidiControls'

/**
 * Writes that resolve once the data has left the process: stdout to a pipe is asynchronous, and
 * exiting right after a large `write` would cut a 1,000-tool `--json` listing short.
 */
export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()))
  })
}

/**
 * What a server sent may hold terminal control sequences (ESC, BEL, backspace, NUL, CR …): in a
 * terminal they act (a window title set, the screen cleared, a line overwritten). Human output
 * shows each as a visible escape; newline and tab stay. Bidirectional controls (U+202E …), which
 * make a name or a command read as another, are shown as `\u202e` escapes too.
 */
export function visible(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const shown = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
  return showBidiControls(shown, (code) => `\\u${code.toLowerCase()}`)
}

const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)

/** Human output, control characters made visible. */
export const out = (text: string) => write(process.stdout, line(visible(text)))
export const err = (text: string) => write(process.stderr, line(visible(text)))
/** `--json`: exact JSON, nothing changed (JSON escapes what a terminal would act on). */
export const outJson = (value: unknown) => write(process.stdout, `${JSON.stringify(value, null, 2)}\n`)
