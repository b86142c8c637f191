import { describe, expect, it } from 'vitest'
import { modelForHints } from '@shared/chat/samplingDraft'

const providers = [
  { id: 'broken', models: ['claude-3-opus'], problem: 'the key would not decrypt' },
  { id: 'openrouter', models: ['openai/gpt-4o-mini', 'anthropic/claude-3-haiku-20240307'] },
  { id: 'local', models: ['llama3.2', 'Claude-3-Sonnet'] }
]

describe('the model a sampling request hints at', () => {
  it('takes the hints in order, each matched case-insensitively as part of a model id, skipping an unusable provider', () => {
    expect(modelForHints([{ name: 'opus' }, { name: 'CLAUDE-3' }], providers)).toEqual({ providerId: 'openrouter', model: 'anthropic/claude-3-haiku-20240307' })
    expect(modelForHints([{ name: 'sonnet' }, { name: 'gpt' }], providers)).toEqual({ providerId: 'local', model: 'Claude-3-Sonnet' })
  })

  it('none matching, no hints, or empty names: none (the default model answers)', () => {
    expect(modelForHints([{ name: 'gemini' }], providers)).toBeUndefined()
    expect(modelForHints(undefined, providers)).toBeUndefined()
    expect(modelForHints([{}, { name: '  ' }], providers)).toBeUndefined()
  })
})
