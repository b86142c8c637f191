import { describe, expect, it } from 'vitest'
import { parseServersRoute, serversRouteHash } from '@renderer/hooks/useServersRoute'

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
