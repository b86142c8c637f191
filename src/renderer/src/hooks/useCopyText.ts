import { App } from 'antd'
import { useCallback } from 'react'

/** What a copy says: its success, and its failure with the reason. */
export interface CopyWords {
  copied: string
  failed: (reason: string) => string
}

/** Puts text on the clipboard and says so (or why not) in a message. */
export function useCopyText(): (text: string, words: CopyWords) => Promise<void> {
  const { message } = App.useApp()
  return useCallback(
    async (text, words) => {
      try {
        await navigator.clipboard.writeText(text)
        void message.success(words.copied)
      } catch (error) {
        void message.error(words.failed(error instanceof Error ? error.message : String(error)))
      }
    },
    [message]
  )
}
