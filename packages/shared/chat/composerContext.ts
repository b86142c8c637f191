import { z } from 'zod'

/** A resource the user attached to a message: main reads it again when the message is sent. */
export const ChatAttachmentRefSchema = z.object({
  serverId: z.string().min(1).max(200),
  uri: z.string().min(1, 'choose a resource to attach').max(10_000)
})
export type ChatAttachmentRef = z.infer<typeof ChatAttachmentRefSchema>

/** The most resources one message may carry. */
export const MAX_ATTACHMENTS = 20

/** A resource attached to a message, as its chip shows it (kept with the user's message). */
export interface ChatAttachment extends ChatAttachmentRef {
  /** the server's name */
  server: string
  /** the resource's title or name, else the URI */
  name: string
  mimeType?: string
  /** characters of text the resource had */
  chars: number
  /** the text was cut at the result-size limit before it went to the model */
  truncated?: boolean
}

/** A prompt argument the form asks for. */
export interface ChatPromptArgument {
  name: string
  description?: string
  required?: boolean
}

/** What the composer's `/` and `@` menus offer of one of the chat's servers. */
export interface ChatContextServer {
  serverId: string
  server: string
  prompts: { name: string; title?: string; description?: string; arguments: ChatPromptArgument[] }[]
  resources: { uri: string; name: string; title?: string; description?: string; mimeType?: string }[]
  templates: { uriTemplate: string; name: string; title?: string; description?: string }[]
  /** the server's lists could not be had (it failed to start, say): why */
  error?: string
}

/** A part of a prompt that a message's text cannot hold: an image, audio, a binary resource. */
export interface ChatPromptOmission {
  type: 'image' | 'audio' | 'resource' | 'other'
  mimeType?: string
  bytes?: number
  uri?: string
}

/** A prompt's messages as the text of the user's next message, and what could not be put in it. */
export interface ChatPromptText {
  text: string
  /** the parts left out, for the page to say so */
  omitted: ChatPromptOmission[]
}

export const ChatPromptArgsSchema = z.record(z.string().min(1).max(200), z.string().max(100_000))
