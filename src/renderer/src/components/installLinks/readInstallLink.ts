import type { ParsedConfigFile } from '@shared/mcp/configImport'
import { InstallLinkError, parseInstallLink, type InstallLinkProblem } from '@shared/mcp/installLink'

export type ReadLink = { ok: true; parsed: ParsedConfigFile } | { ok: false; problem: InstallLinkProblem }

/** The parser's verdict on a link as data: the servers it proposes, or why it is refused. */
export function readInstallLink(link: string): ReadLink {
  try {
    return { ok: true, parsed: parseInstallLink(link) }
  } catch (error) {
    if (error instanceof InstallLinkError) return { ok: false, problem: error.problem }
    return { ok: false, problem: { code: 'notInstallLink' } }
  }
}
