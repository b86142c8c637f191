import { describe, expect, it } from 'vitest'
import { initialRuntimeState, runtimeReducer, runtimeRemoved, statusChanged, toolCountLoaded } from '@renderer/store/runtime'
import { parseServersRoute, serversRouteHash } from '@renderer/hooks/useServersRoute'

describe('runtime slice', () => {
  it('keeps the tool count only while connected, and the error only with error / disconnected', () => {
    let state = runtimeReducer(initialRuntimeState, statusChanged({ serverId: 'a', status: 'connected' }))
    state = runtimeReducer(state, toolCountLoaded({ serverId: 'a', count: 12 }))
    expect(state.servers.a).toEqual({ status: 'connected', toolCount: 12, error: undefined })
    state = runtimeReducer(state, statusChanged({ serverId: 'a', status: 'error', error: 'boom' }))
    expect(state.servers.a).toEqual({ status: 'error', error: 'boom', toolCount: undefined })
    state = runtimeReducer(state, statusChanged({ serverId: 'a', status: 'connecting', error: 'stale' }))
    expect(state.servers.a.error).toBeUndefined()
    expect(runtimeReducer(state, toolCountLoaded({ serverId: 'unknown', count: 1 })).servers.unknown).toBeUndefined()
    expect(runtimeReducer(state, runtimeRemoved('a')).servers).toEqual({})
  })
})

describe('servers route in the URL fragment', () => {
  it('round-trips list, editor (default tab omitted) and new', () => {
    for (const route of [{ view: 'list' as const }, { view: 'new' as const }, { view: 'editor' as const, serverId: 'a b/c', tab: 'logs' }]) {
      expect(parseServersRoute(serversRouteHash(route))).toEqual(route)
    }
    expect(serversRouteHash({ view: 'editor', serverId: 'x', tab: 'general' })).toBe('#server=x')
    expect(parseServersRoute('#server=x')).toEqual({ view: 'editor', serverId: 'x', tab: 'general' })
    expect(parseServersRoute('#whatever')).toEqual({ view: 'list' })
  })
})
