import { useCallback, useEffect, useRef, useState } from 'react'
import type { CompletionRef } from '@shared/mcp/session'
import { useApi } from '@renderer/context/ApiContext'
import { errorMessage } from '@renderer/hooks/useServerLists'

/** Typing pauses this long before the server is asked, so a word is one request, not one per key. */
export const COMPLETION_DEBOUNCE_MS = 250

export interface CompletionState {
  values: string[]
  error?: string
}

/**
 * The server's suggestions for one argument (completion/complete), asked as the user types:
 * debounced, and only the answer to the latest question is shown.
 */
export function useCompletion(serverId: string, ref: CompletionRef, argument: string) {
  const api = useApi()
  const [state, setState] = useState<CompletionState>({ values: [] })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const asked = useRef(0)
  const target = useRef(ref)
  target.current = ref
  useEffect(() => () => clearTimeout(timer.current), [])

  const ask = useCallback(
    (value: string, filled: Record<string, string | undefined>) => {
      clearTimeout(timer.current)
      const question = ++asked.current
      timer.current = setTimeout(() => {
        // the other arguments already filled in, so the server can narrow this one by them
        const others: Record<string, string> = {}
        for (const [name, v] of Object.entries(filled)) if (name !== argument && typeof v === 'string' && v !== '') others[name] = v
        const context = Object.keys(others).length ? { arguments: others } : undefined
        api.mcp.complete({ serverId, ref: target.current, argument: { name: argument, value }, context }).then(
          (answer) => question === asked.current && setState({ values: answer.values }),
          (error: unknown) => question === asked.current && setState({ values: [], error: errorMessage(error) })
        )
      }, COMPLETION_DEBOUNCE_MS)
    },
    [api, serverId, argument]
  )
  return { ...state, ask }
}
