import type { McpHost } from '../services/mcp/mcpHost'
import { knownServer, runnableServer, type ServerSource } from '../services/servers/serverAccess'
import { isHttp } from '@shared/mcp/server'
import type { NamespaceHandlers } from './IpcRouter'

/**
 * Maps each MCP channel to one service method, once. A channel names a server by id; it is looked
 * up here, and anything that may start or reach it needs the user's approval of its target.
 */
export function mcpHandlers(mcp: McpHost, servers: ServerSource): NamespaceHandlers<'mcp'> {
  const run = (id: string) => runnableServer(servers, id)
  const known = (id: string) => knownServer(servers, id)
  return {
    'mcp:init-client': ({ serverId }) => mcp.initClient(run(serverId)),
    'mcp:list-tools': ({ serverId }) => mcp.listTools(run(serverId)),
    'mcp:call-tool': ({ serverId, ...call }) => mcp.callTool({ server: run(serverId), ...call }),
    'mcp:list-prompts': ({ serverId }) => mcp.listPrompts(run(serverId)),
    'mcp:get-prompt': ({ serverId, ...prompt }) => mcp.getPrompt({ server: run(serverId), ...prompt }),
    'mcp:list-resources': ({ serverId }) => mcp.listResources(run(serverId)),
    'mcp:get-resource': ({ serverId, uri }) => mcp.getResource({ server: run(serverId), uri }),
    'mcp:list-resource-templates': ({ serverId }) => mcp.listResourceTemplates(run(serverId)),
    'mcp:subscribe-resource': ({ serverId, uri }) => mcp.subscribeResource({ server: run(serverId), uri }),
    'mcp:unsubscribe-resource': ({ serverId, uri }) => mcp.unsubscribeResource({ server: run(serverId), uri }),
    'mcp:complete': ({ serverId, ...request }) => mcp.complete(run(serverId), request),
    'mcp:set-log-level': ({ serverId, level }) => mcp.setLogLevel(run(serverId), level),
    'mcp:get-states': () => mcp.states(),
    'mcp:get-session': ({ serverId }) => mcp.sessionOf(known(serverId).id),
    'mcp:stop-server': ({ serverId }) => mcp.stopServer(known(serverId)),
    'mcp:restart-server': ({ serverId }) => mcp.restartServer(run(serverId)),
    'mcp:check-connectivity': ({ serverId }) => mcp.checkMcpConnectivity(run(serverId)),
    'mcp:sign-in': ({ serverId }) => mcp.signIn(run(serverId)),
    'mcp:sign-out': async ({ serverId }) => {
      const server = known(serverId)
      if (isHttp(server)) await (await mcp.oauth.get()).signOut(server)
      await mcp.stopServer(server)
    },
    'mcp:auth-status': async ({ serverId }) => {
      const server = known(serverId)
      return isHttp(server) ? (await mcp.oauth.get()).status(server) : { signedIn: false }
    },
    'mcp:get-server-logs': ({ serverId }) => mcp.getServerLogs(known(serverId)),
    'mcp:get-messages': ({ serverId }) => mcp.getMessages(known(serverId)),
    'mcp:clear-messages': ({ serverId }) => mcp.clearMessages(known(serverId)),
    'mcp:abort-tool': ({ callId }) => mcp.abortTool(callId),
    'mcp:respond-elicitation': (answer) => mcp.respondElicitation(answer),
    'mcp:respond-sampling': (answer) => mcp.respondSampling(answer),
    'mcp:pending-requests': () => mcp.pendingRequests()
  }
}
