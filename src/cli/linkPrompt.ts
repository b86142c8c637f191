import type { ElicitRequestURLParams } from '@modelcontextprotocol/sdk/types.js'
import type { Platform } from '../main/platform/Platform'
import { oneLine, type TerminalConversation } from './terminalPrompts'

/**
 * URL-mode elicitation: the link is shown and opened only if the user says yes, through the
 * platform's opener (http(s) only). True means the user agreed; a browser that would not start
 * still leaves the link on screen to open by hand.
 */
export async function askToOpenLink(
  serverName: string,
  params: ElicitRequestURLParams,
  talk: TerminalConversation,
  openExternal: Platform['openExternal']
): Promise<boolean> {
  await talk.say(`${serverName} asks you to open a link: ${oneLine(params.message)}\n  ${params.url}`)
  const answer = (await talk.ask('open it in your browser? (y/N; Ctrl-C cancels): ')).trim()
  if (!/^(y|yes)$/i.test(answer)) return false
  try {
    await openExternal(params.url)
  } catch (error) {
    await talk.say(`could not open it (${(error as Error).message}); open the link above yourself`)
  }
  return true
}
