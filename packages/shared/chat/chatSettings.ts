import { z } from 'zod'

/** Model calls in one turn before the chat stops and says so. */
export const DEFAULT_MAX_STEPS = 10
/** A tool result bigger than this is cut: one chatty tool must not fill the model's context. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 100_000
export const MAX_STEPS_RANGE = { min: 1, max: 100 } as const
export const TOOL_RESULT_CHARS_RANGE = { min: 1_000, max: 2_000_000 } as const

/** How a model is offered the tools: its own function calls, or described in the prompt and read from its text. */
export const ToolModeSchema = z.enum(['native', 'prompt'])
export type ToolMode = z.infer<typeof ToolModeSchema>

/** What the user said about one model: whether it reads images, and how it calls tools. */
export const ModelOptionsSchema = z.object({
  images: z.boolean(),
  toolMode: ToolModeSchema
})
export type ModelOptions = z.infer<typeof ModelOptionsSchema>

/** A model nobody said anything about: text only (honest for any model), native tool calls. */
export const DEFAULT_MODEL_OPTIONS: ModelOptions = { images: false, toolMode: 'native' }

const providerId = z.string().min(1).max(100)
const modelId = z.string().trim().min(1).max(300)

const maxSteps = z
  .number()
  .int(`maxSteps: a whole number from ${MAX_STEPS_RANGE.min} to ${MAX_STEPS_RANGE.max}`)
  .min(MAX_STEPS_RANGE.min, `maxSteps: at least ${MAX_STEPS_RANGE.min}`)
  .max(MAX_STEPS_RANGE.max, `maxSteps: at most ${MAX_STEPS_RANGE.max}`)
const maxToolResultChars = z
  .number()
  .int(`maxToolResultChars: a whole number of characters`)
  .min(TOOL_RESULT_CHARS_RANGE.min, `maxToolResultChars: at least ${TOOL_RESULT_CHARS_RANGE.min}`)
  .max(TOOL_RESULT_CHARS_RANGE.max, `maxToolResultChars: at most ${TOOL_RESULT_CHARS_RANGE.max}`)

/** The chat's settings, kept by main: the step limit, the tool-result size limit, each model's options by provider. */
export const ChatSettingsSchema = z.object({
  maxSteps,
  maxToolResultChars,
  models: z.record(providerId, z.record(z.string().min(1).max(300), ModelOptionsSchema))
})
export type ChatSettings = z.infer<typeof ChatSettingsSchema>

export const DEFAULT_CHAT_SETTINGS: ChatSettings = { maxSteps: DEFAULT_MAX_STEPS, maxToolResultChars: DEFAULT_MAX_TOOL_RESULT_CHARS, models: {} }

/** One change from a page: the limits, or one model's options. */
export const ChatSettingsChangeSchema = z.object({
  maxSteps: maxSteps.optional(),
  maxToolResultChars: maxToolResultChars.optional(),
  model: z.object({ providerId, model: modelId, options: ModelOptionsSchema }).optional()
})
export type ChatSettingsChange = z.infer<typeof ChatSettingsChangeSchema>

/** The options of one model, the defaults where the user set none. */
export function modelOptionsOf(settings: ChatSettings, providerId: string, model: string): ModelOptions {
  return settings.models[providerId]?.[model] ?? DEFAULT_MODEL_OPTIONS
}
