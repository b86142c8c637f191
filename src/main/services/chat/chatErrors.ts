/** A chat request that was refused, with nothing changed: a stable code and the English detail. */
export class ChatError extends Error {
  constructor(
    readonly code: 'CHAT_NOT_FOUND' | 'CHAT_BUSY' | 'NOTHING_TO_RETRY' | 'CHAT_SERVER_UNAVAILABLE' | 'RESOURCE_NOT_TEXT' | 'MODEL_TAKES_NO_IMAGES',
    message: string
  ) {
    super(message)
    this.name = 'ChatError'
  }
}

export const notFound = (id: string) => new ChatError('CHAT_NOT_FOUND', `no conversation with id "${id}" (it may have been deleted)`)
