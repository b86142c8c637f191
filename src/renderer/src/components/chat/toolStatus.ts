import type { ChatToolCallView } from '@shared/chat/conversations'

/** The tag colour of each state of a tool call. */
export const TOOL_STATUS_COLOR: Record<ChatToolCallView['status'], string> = {
  waiting: 'gold',
  running: 'processing',
  ok: 'success',
  error: 'error',
  denied: 'default',
  stopped: 'default'
}

/** Progress as a percentage, when the server said how much there is to do. */
export function progressPercent(progress: ChatToolCallView['progress']): number | undefined {
  if (!progress?.total || progress.total <= 0) return undefined
  return Math.max(0, Math.min(100, Math.round((progress.progress / progress.total) * 100)))
}
