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

/** The image formats the model APIs take. */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
/** An image bigger than this stays out of a message: a few of them must not fill a request. */
export const MAX_CHAT_IMAGE_BYTES = 5_000_000

/** An image of a prompt that goes with the user's message, for a model that takes images. */
export const ChatImageSchema = z.object({
  mimeType: z.enum(CHAT_IMAGE_TYPES),
  data: z
    .string()
    .max(Math.ceil(MAX_CHAT_IMAGE_BYTES / 3) * 4, 'data: an image of at most 5 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data: the image as base64')
})
export type ChatImage = z.infer<typeof ChatImageSchema>
export const MAX_CHAT_IMAGES = 8

/** Decoded size of base64 text, without decoding it. */
export const base64Bytes = (data: string): number => Math.max(0, Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0))

/** An image a user message carried, as the page shows it (the picture itself stays in the model's history). */
export interface ChatImageNote {
  mimeType: string
  bytes: number
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
  /** why an image stayed out: the model takes none, its format, its size */
  reason?: 'model' | 'format' | 'size'
  mimeType?: string
  bytes?: number
  uri?: string
}

/** A prompt's messages as the text of the user's next message, and what could not be put in it. */
export interface ChatPromptText {
  text: string
  /** its images, for a model that takes them (Settings → the model's "takes images") */
  images: ChatImage[]
  /** the parts left out, for the page to say so */
  omitted: ChatPromptOmission[]
}

export const ChatPromptArgsSchema = z.record(z.string().min(1).max(200), z.string().max(100_000))
