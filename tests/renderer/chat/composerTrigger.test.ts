import { describe, expect, it } from 'vitest'
import { composerTrigger, withoutTrigger } from '@renderer/components/chat/composer/composerTrigger'

describe('what the text before the caret asks the composer for', () => {
  it('/ only at the very start, up to the first space', () => {
    expect(composerTrigger('/', 1)).toEqual({ kind: 'prompt', query: '', start: 0 })
    expect(composerTrigger('/sum', 4)).toEqual({ kind: 'prompt', query: 'sum', start: 0 })
    expect(composerTrigger('/sum more', 9)).toBeUndefined()
    expect(composerTrigger('a/b', 3)).toBeUndefined()
    expect(composerTrigger(' /x', 3)).toBeUndefined()
  })

  it('@ at the start or after a space, not inside a word such as an e-mail address', () => {
    expect(composerTrigger('@', 1)).toEqual({ kind: 'resource', query: '', start: 0 })
    expect(composerTrigger('read @doc', 9)).toEqual({ kind: 'resource', query: 'doc', start: 5 })
    expect(composerTrigger('line\n@doc', 9)).toEqual({ kind: 'resource', query: 'doc', start: 5 })
    expect(composerTrigger('me@example.com', 14)).toBeUndefined()
    // the caret decides: a finished @word further back is plain text
    expect(composerTrigger('read @doc now', 13)).toBeUndefined()
    expect(composerTrigger('read @doc now', 9)).toEqual({ kind: 'resource', query: 'doc', start: 5 })
  })

  it('choosing an entry takes the trigger out and keeps the rest', () => {
    const text = 'read @doc now'
    expect(withoutTrigger(text, composerTrigger(text, 9)!, 9)).toBe('read  now')
    expect(withoutTrigger('/sum', composerTrigger('/sum', 4)!, 4)).toBe('')
  })
})
