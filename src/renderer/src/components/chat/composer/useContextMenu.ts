import { useEffect, useState } from 'react'
import { describeError } from '@renderer/components/errors/describeError'
import { useListChatContextQuery } from '@renderer/store/chatApi'
import type { ComposerTrigger } from './composerTrigger'
import { contextItems } from './contextItems'

/**
 * The `/` or `@` menu's state: its lines for what was typed (the lists asked of main the first time
 * it opens), the active line, and closing with Esc until the next thing typed.
 */
export function useContextMenu(conversationId: string, trigger: ComposerTrigger | undefined) {
  const [wanted, setWanted] = useState(false)
  const [dismissed, setDismissed] = useState<string>()
  const [active, setActive] = useState(0)
  const { data, error, isFetching, refetch } = useListChatContextQuery(conversationId, { skip: !wanted })
  const key = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : undefined

  // a new thing typed: the first line is active again
  useEffect(() => {
    if (key) setWanted(true)
    setActive(0)
  }, [key])

  const items = trigger ? contextItems(data ?? [], trigger.kind, trigger.query) : []
  const failures = [
    ...(error ? [{ message: describeError(error).message }] : []),
    ...(data ?? []).flatMap((s) => (s.error ? [{ server: s.server, message: s.error }] : []))
  ]
  const open = !!trigger && dismissed !== key

  /** true when the menu took the key */
  const onKey = (k: string): boolean => {
    switch (k) {
      case 'ArrowDown':
        setActive((a) => (items.length ? (a + 1) % items.length : 0))
        return true
      case 'ArrowUp':
        setActive((a) => (items.length ? (a - 1 + items.length) % items.length : 0))
        return true
      case 'Escape':
        setDismissed(key)
        return true
      case 'Enter':
      case 'Tab':
        return items.length > 0
      default:
        return false
    }
  }

  return {
    open,
    items,
    active: Math.min(active, Math.max(items.length - 1, 0)),
    setActive,
    loading: isFetching,
    failures,
    onKey,
    close: () => setDismissed(key),
    retry: () => void refetch()
  }
}
