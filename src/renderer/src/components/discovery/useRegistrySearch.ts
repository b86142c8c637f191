import { useCallback, useEffect, useRef, useState } from 'react'
import type { DiscoveryListing } from '@shared/discovery/listing'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'

const DEBOUNCE_MS = 300
const PAGE = 30

export interface RegistrySearch {
  items: DiscoveryListing[]
  loading: boolean
  error?: AppError
  hasMore: boolean
  loadMore(): void
  retry(): void
}

/** A registry's servers matching `term`, asked for as the user stops typing, a page at a time over the cursor. */
export function useRegistrySearch(registryUrl: string | undefined, term: string): RegistrySearch {
  const api = useApi()
  const [items, setItems] = useState<DiscoveryListing[]>([])
  const [cursor, setCursor] = useState<string>()
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<AppError>()
  const [attempt, setAttempt] = useState(0)
  // a newer search makes answers to older ones stale
  const generation = useRef(0)

  const fetchPage = useCallback(
    (after: string | undefined, mine: number) => {
      if (!registryUrl) return
      setLoading(true)
      setError(undefined)
      api.discovery.search({ registryUrl, search: term.trim(), cursor: after, limit: PAGE }).then(
        (page) => {
          if (generation.current !== mine) return
          setItems((before) => (after ? [...before, ...page.items] : page.items))
          setCursor(page.nextCursor)
          setLoading(false)
        },
        (e: unknown) => {
          if (generation.current !== mine) return
          setError(describeError(e))
          setLoading(false)
        }
      )
    },
    [api, registryUrl, term]
  )

  useEffect(() => {
    const mine = ++generation.current
    setItems([])
    setCursor(undefined)
    if (!registryUrl) return
    setLoading(true)
    const timer = setTimeout(() => fetchPage(undefined, mine), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [fetchPage, registryUrl, attempt])

  return {
    items,
    loading,
    error,
    hasMore: cursor !== undefined,
    loadMore: () => {
      if (!loading && cursor !== undefined && !error) fetchPage(cursor, generation.current)
    },
    // a failed first page is asked again; a failed later page too, from its cursor
    retry: () => (items.length && cursor !== undefined ? fetchPage(cursor, generation.current) : setAttempt((n) => n + 1))
  }
}
