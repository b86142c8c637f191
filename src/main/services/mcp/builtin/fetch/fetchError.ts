/** A failure the tool reports to the model as one line (isError), never a crash of the connection. */
export class FetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'FetchError'
  }
}
