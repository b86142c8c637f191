/**
 * Writes that resolve once the data has left the process: stdout to a pipe is asynchronous, and
 * exiting right after a large `write` would cut a 1,000-tool `--json` listing short.
 */
export function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()))
  })
}

export const out = (text: string) => write(process.stdout, text.endsWith('\n') ? text : `${text}\n`)
export const err = (text: string) => write(process.stderr, text.endsWith('\n') ? text : `${text}\n`)
