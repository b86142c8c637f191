import type { ChatServerTools, ChatToolChoice } from '@shared/chat/conversations'

/** How many tools a chat sends now, of how many its servers offer. */
export function toolCounts(list: ChatServerTools[]): { sent: number; total: number } {
  let sent = 0
  let total = 0
  for (const server of list)
    for (const tool of server.tools) {
      total++
      if (!tool.disabled) sent++
    }
  return { sent, total }
}

/** The choice with one server in or out; from "every active server" it starts from those. */
export function withServer(choice: ChatToolChoice, activeIds: string[], serverId: string, on: boolean): ChatToolChoice {
  const current = choice.serverIds ?? activeIds
  const rest = current.filter((id) => id !== serverId)
  return { ...choice, serverIds: on ? [...rest, serverId] : rest }
}

/** The choice with one tool (by its function-call id) sent or left out. */
export function withTool(choice: ChatToolChoice, toolId: string, on: boolean): ChatToolChoice {
  const rest = choice.disabledTools.filter((id) => id !== toolId)
  return { ...choice, disabledTools: on ? rest : [...rest, toolId] }
}
