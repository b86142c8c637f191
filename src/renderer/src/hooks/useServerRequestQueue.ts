import { useEffect, useRef, useState } from 'react'
import type { ClientRequestDoneEvent, PendingClientRequest } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'

/** A question a server asked the user, waiting for its dialog. */
export type ServerRequest = PendingClientRequest

export interface ServerRequestQueue {
  /** oldest first; the first one is the one on screen */
  requests: ServerRequest[]
  /** take a request off the queue once it has been answered here */
  remove(requestId: string): void
  /** still queued: main has not said it is over */
  isQueued(requestId: string): boolean
}

/**
 * Collects the elicitation and sampling requests main forwards, in arrival order, and drops each
 * one when main says it is over. `onInterrupted` hears about the one on screen ending without the
 * user's answer (timed out, cancelled by the server), so the user is told why the dialog vanished.
 */
export function useServerRequestQueue(
  onInterrupted: (request: ServerRequest, outcome: Exclude<ClientRequestDoneEvent['outcome'], 'answered'>) => void
): ServerRequestQueue {
  const api = useApi()
  const [requests, setRequests] = useState<ServerRequest[]>([])
  // the listeners below are registered once; they read the latest queue and callback from refs
  const queue = useRef(requests)
  const interrupted = useRef(onInterrupted)
  useEffect(() => {
    queue.current = requests
    interrupted.current = onInterrupted
  })

  useEffect(() => {
    const add = (request: ServerRequest) =>
      setRequests((list) => (list.some((r) => r.event.requestId === request.event.requestId) ? list : [...list, request]))
    const offElicitation = api.on('mcp:elicitation-request', (event) => add({ kind: 'elicitation', event }))
    const offSampling = api.on('mcp:sampling-request', (event) => add({ kind: 'sampling', event }))
    const ended = new Set<string>()
    const offDone = api.on('mcp:client-request-done', ({ requestId, outcome }) => {
      ended.add(requestId)
      const showing = queue.current[0]
      if (showing?.event.requestId === requestId && outcome !== 'answered') interrupted.current(showing, outcome)
      setRequests((list) => list.filter((r) => r.event.requestId !== requestId))
    })
    // what was asked before this window listened (a reload, a late start): oldest first, ahead of anything newer
    let live = true
    api.mcp
      .pendingRequests()
      .then((waiting) => {
        if (!live) return
        const missed = waiting.filter((request) => !ended.has(request.event.requestId))
        setRequests((list) => [...missed.filter((m) => !list.some((r) => r.event.requestId === m.event.requestId)), ...list])
      })
      .catch(() => undefined) // main unreachable: the events still arrive once it is back
    return () => {
      live = false
      offElicitation()
      offSampling()
      offDone()
    }
  }, [api])

  const remove = (requestId: string) => setRequests((list) => list.filter((r) => r.event.requestId !== requestId))
  const isQueued = (requestId: string) => queue.current.some((r) => r.event.requestId === requestId)
  return { requests, remove, isQueued }
}
