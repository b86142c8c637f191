import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, expect, vi } from 'vitest'

// antd renders slowly in jsdom and CI has 2 cores shared by parallel test files: findBy/waitFor
// get 5 s instead of 1 s, so a loaded machine is not mistaken for a broken page
configure({ asyncUtilTimeout: 5000 })

/**
 * jsdom lacks matchMedia and ResizeObserver, which antd uses (responsive grids, Segmented, Table).
 * These are real, minimal implementations: matchMedia answers "no" for every query unless a test
 * sets `window.__prefersDark`, and a change can be announced with `setPrefersDark`.
 */
type Listener = (event: MediaQueryListEvent) => void
const mediaListeners = new Set<{ query: string; listener: Listener }>()
let prefersDark = false

function matches(query: string): boolean {
  return /prefers-color-scheme:\s*dark/.test(query) ? prefersDark : false
}

window.matchMedia = (query: string): MediaQueryList => {
  const list = {
    media: query,
    get matches() {
      return matches(query)
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => mediaListeners.add({ query, listener }),
    removeEventListener: (_type: string, listener: Listener) => {
      for (const entry of mediaListeners) if (entry.listener === listener) mediaListeners.delete(entry)
    },
    // the deprecated pair, still called by some libraries
    addListener: (listener: Listener) => mediaListeners.add({ query, listener }),
    removeListener: (listener: Listener) => {
      for (const entry of mediaListeners) if (entry.listener === listener) mediaListeners.delete(entry)
    },
    dispatchEvent: () => false
  }
  return list as unknown as MediaQueryList
}

/** Flips the OS dark-mode preference and notifies listeners, as a real browser would. */
export function setPrefersDark(value: boolean): void {
  prefersDark = value
  for (const { query, listener } of [...mediaListeners]) {
    listener({ matches: matches(query), media: query } as MediaQueryListEvent)
  }
}

if (typeof window.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver
}

// jsdom has no layout, and no Range.getClientRects, which CodeMirror (the JSON editors) measures
// text with: answer like a range with nothing rendered (no rects, an empty box), as a browser would
if (typeof Range.prototype.getClientRects !== 'function') {
  const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList
  Range.prototype.getBoundingClientRect = emptyRect
}

// jsdom implements getComputedStyle but not for pseudo-elements (antd measures ::-webkit-scrollbar);
// answering with the element's own style is what jsdom would give without the second argument
const getComputedStyle = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => getComputedStyle(element)

/**
 * A console.error or console.warn during a test fails it: that is how React act() problems,
 * antd deprecation warnings and i18next misses show up, and the brief is "no console errors".
 */
let consoleCalls: string[] = []
beforeEach(() => {
  consoleCalls = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const line = args.map(String).join(' ')
      // RTK's development checks time themselves: on a busy machine a walk of the state takes
      // longer than 32 ms now and then. That is wall-clock noise, not something a user meets
      // (production builds have no such checks), so it never fails a test.
      if (/^(Immutable|Serializable)StateInvariantMiddleware took \d+ms/.test(line)) return
      consoleCalls.push(`console.${level}: ${line}`)
    })
  }
})

afterEach(() => {
  cleanup()
  prefersDark = false
  mediaListeners.clear()
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('data-theme')
  document.documentElement.removeAttribute('lang')
  expect(consoleCalls, 'unexpected console output').toEqual([])
})
