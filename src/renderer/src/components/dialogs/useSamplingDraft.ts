import { useCallback, useEffect, useRef, useState } from 'react'
import type { ModelRef } from '@shared/chat/providers'
import { useApi } from '@renderer/context/ApiContext'

export interface SamplingDraftState {
  drafting: boolean
  /** the last draft's failure, as main said it */
  error?: string
  start(model?: ModelRef): void
  stop(): void
}

/**
 * A model drafts the reply to a sampling request in main: the draft streams into the reply box
 * (`chat:sampling-draft`), and `onDrafted` says which model wrote it when it ends (stopped or not).
 */
export function useSamplingDraft(requestId: string, onText: (text: string) => void, onDrafted: (model: string) => void): SamplingDraftState {
  const api = useApi()
  const [drafting, setDrafting] = useState(false)
  const [error, setError] = useState<string>()
  // the latest callbacks, so the event listener is added once
  const callbacks = useRef({ onText, onDrafted })
  callbacks.current = { onText, onDrafted }
  const live = useRef(false)

  useEffect(
    () =>
      api.on('chat:sampling-draft', (event) => {
        if (event.requestId === requestId && live.current) callbacks.current.onText(event.text)
      }),
    [api, requestId]
  )

  const start = useCallback(
    (model?: ModelRef) => {
      setError(undefined)
      setDrafting(true)
      live.current = true
      api.chat
        .draftSampling({ requestId, ...(model ? { model } : {}) })
        .then((draft) => {
          callbacks.current.onText(draft.text)
          callbacks.current.onDrafted(draft.model)
        })
        .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
        .finally(() => {
          live.current = false
          setDrafting(false)
        })
    },
    [api, requestId]
  )

  const stop = useCallback(() => void api.chat.stopSamplingDraft({ requestId }).catch(() => undefined), [api, requestId])

  return { drafting, error, start, stop }
}
