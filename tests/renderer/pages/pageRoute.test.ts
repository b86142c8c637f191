import { describe, expect, it } from 'vitest'
import { pageRouteHash, parsePageRoute } from '@renderer/hooks/usePageRoute'
import { parseServersRoute } from '@renderer/hooks/useServersRoute'

describe('the page route in the URL fragment', () => {
  it('keeps every older address on the servers page, where it was', () => {
    for (const hash of ['', '#', '#server=abc&tab=logs', '#new', '#page=unknown']) expect(parsePageRoute(hash)).toEqual({ page: 'servers' })
    expect(parseServersRoute('#server=abc&tab=logs')).toEqual({ view: 'editor', serverId: 'abc', tab: 'logs' })
  })

  it('names the chat page and the open conversation, and writes them back', () => {
    expect(parsePageRoute('#page=chat')).toEqual({ page: 'chat' })
    expect(parsePageRoute('#page=chat&chat=c-1')).toEqual({ page: 'chat', chatId: 'c-1' })
    expect(parsePageRoute('#page=models')).toEqual({ page: 'models' })
    expect(pageRouteHash({ page: 'chat', chatId: 'c-1' })).toBe('#page=chat&chat=c-1')
    expect(pageRouteHash({ page: 'chat' })).toBe('#page=chat')
    expect(pageRouteHash({ page: 'servers' })).toBe('')
    // the chat page's fragment says nothing to the servers page's own route
    expect(parseServersRoute('#page=chat&chat=c-1')).toEqual({ view: 'list' })
  })
})
