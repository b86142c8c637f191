import type { KeyboardEvent } from 'react'

/** Apple keyboards say ⌘ where others say Ctrl. */
export function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined
  const platform = nav?.userAgentData?.platform || nav?.platform || nav?.userAgent || ''
  return /mac|iphone|ipad/i.test(platform)
}

/** Ctrl+Enter (⌘+Enter on a Mac) runs the tool from anywhere in the runner. */
export function isRunShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

/** The keys as the user's keyboard labels them. */
export function runShortcutKeys(): string[] {
  return isApplePlatform() ? ['⌘', 'Enter'] : ['Ctrl', 'Enter']
}
