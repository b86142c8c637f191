/**
 * The client the official MCP conformance suite runs (`npm run test:conformance`): the suite
 * starts a scenario server and runs `<this> <server-url>` with MCP_CONFORMANCE_SCENARIO (and for
 * some scenarios MCP_CONFORMANCE_CONTEXT: credentials) in the environment. It drives the app as
 * a person does: the host as browser mode builds it (`createHost` on the Node platform), through
 * the channels a window invokes — add the server with the OAuth settings a user would type,
 * approve it, list and call its tools, press Sign in when the state says it needs one, Retry
 * when it failed — with the project's redirect follower as the browser (the suite's
 * authorization servers approve at once). Nothing else is set.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { IpcArgs, IpcChannelName, IpcResult } from '@shared/ipc/contract'
import type { McpOAuthConfig, McpServer } from '@shared/mcp/server'
import type { ServerState } from '@shared/mcp/status'
import { createHost, type Host } from '../../src/main/createHost'
import { createNodePlatform } from '../../src/main/platform/nodePlatform'
import { redirectFollower } from '../../src/main/services/mcp/oauth/browser'
const Context = z.looseObject({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  private_key_pem: z.string().optional(),
  signing_algorithm: z.string().optional(),
  idp_client_id: z.string().optional(),
  idp_id_token: z.string().optional(),
  idp_token_endpoint: z.string().optional()
})

/**
 * The suite's own client metadata document URL, as a user would type their client's into the
 * server's OAuth settings; its authorization servers accept it where they support CIMD.
 */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'

/** Arguments for the tools the scenarios offer; any other tool is called without any. */
const TOOL_ARGS: Record<string, Record<string, unknown>> = { add_numbers: { a: 5, b: 3 } }

function oauthFor(scenario: string, raw: string | undefined): McpOAuthConfig {
  const ctx = Context.parse(raw ? JSON.parse(raw) : {})
  // port 0: the suite runs scenarios in parallel, each its own callback port
  const base: McpOAuthConfig = { callbackPort: 0, clientMetadataUrl: CLIENT_METADATA_URL }
  switch (scenario) {
    case 'auth/client-credentials-jwt':
      return {
        ...base,
        grant: 'client_credentials',
        clientId: ctx.client_id,
        tokenEndpointAuthMethod: 'private_key_jwt',
        privateKeyPem: ctx.private_key_pem,
        signingAlgorithm: ctx.signing_algorithm
      }
    case 'auth/client-credentials-basic':
      return { ...base, grant: 'client_credentials', clientId: ctx.client_id, clientSecret: ctx.client_secret, tokenEndpointAuthMethod: 'client_secret_basic' }
    case 'auth/pre-registration':
      return { ...base, clientId: ctx.client_id, clientSecret: ctx.client_secret }
    case 'auth/cross-app-access-complete-flow':
      return {
        ...base,
        grant: 'cross_app_access',
        clientId: ctx.client_id,
        clientSecret: ctx.client_secret,
        tokenEndpointAuthMethod: 'client_secret_basic',
        idp: { tokenEndpoint: ctx.idp_token_endpoint ?? '', clientId: ctx.idp_client_id ?? '', idToken: ctx.idp_id_token ?? '' }
      }
    default:
      return base
  }
}

/** How many times the user presses Sign in or Retry before giving up, as a person would. */
const PATIENCE = 5

async function main(): Promise<void> {
  const url = process.argv.at(-1)
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
  if (!url || !/^https?:/.test(url)) throw new Error('usage: client <server-url> (MCP_CONFORMANCE_SCENARIO set by the suite)')
  const dir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'))
  const follow = redirectFollower()
  const sink: { host?: Host } = {}
  const platform = createNodePlatform({
    userDataDir: dir,
    // the browser: it follows the authorization server's redirects back to the app's callback
    openUrl: (page) => follow(new URL(page)),
    // the window's dialogs: a form elicitation is accepted empty (the SDK fills in the schema's defaults)
    onEvent: (event, payload) => {
      if (event !== 'mcp:elicitation-request' || !sink.host) return
      const { requestId } = payload as { requestId: string }
      void invoke(sink.host, 'mcp:respond-elicitation', { requestId, response: { action: 'accept', content: {} } })
    }
  })
  const host = (sink.host = await createHost({ platform, mode: 'browser', windows: { openTraceWindow: () => ({ opened: false }) } }))
  const server: McpServer = {
    id: 'conformance',
    name: 'conformance',
    type: 'streamableHttp',
    baseUrl: url,
    isActive: true,
    oauth: oauthFor(scenario, process.env.MCP_CONFORMANCE_CONTEXT)
  }
  try {
    const [added] = await invoke(host, 'servers:add', { servers: [server] })
    await invoke(host, 'servers:approve', { serverIds: [added.id] })
    const tools = await asAUser(host, added.id, () => invoke(host, 'mcp:list-tools', { serverId: added.id }))
    for (const tool of tools) {
      const result = await asAUser(host, added.id, () => invoke(host, 'mcp:call-tool', { serverId: added.id, name: tool.name, args: TOOL_ARGS[tool.name] ?? {} }))
      if (result.isError) console.error(`${tool.name}: ${JSON.stringify(result.content)}`)
    }
    // sse-retry: the server closes a stream and times the reconnect; stay long enough to be seen
    if (scenario === 'sse-retry') await new Promise((resolve) => setTimeout(resolve, 3000))
  } finally {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What a person does when an action fails: Sign in when the server needs it, Retry when it failed
 * for another reason, then the action again; after a few tries, or an error Sign in cannot fix,
 * they stop with it.
 */
async function asAUser<T>(host: Host, serverId: string, action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action()
    } catch (error) {
      if (attempt >= PATIENCE) throw error
      const state = await settled(host, serverId)
      if (state?.status === 'needs-sign-in') await invoke(host, 'mcp:sign-in', { serverId })
      else if (state?.status === 'failed' && state.code !== 'SIGN_IN_FAILED') await invoke(host, 'mcp:restart-server', { serverId })
      else if (state?.status !== 'connected') throw error
    }
  }
}

/** The server's state once main has finished with the failure (a lost sign-in is told a moment later). */
async function settled(host: Host, serverId: string): Promise<ServerState | undefined> {
  let state: ServerState | undefined
  for (let look = 0; look < 100; look++) {
    state = (await invoke(host, 'mcp:get-states', undefined))[serverId]
    if (state?.status !== 'connected' && state?.status !== 'starting') return state
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return state
}

/** A channel as a window invokes it: validated arguments, the answer or main's error. */
async function invoke<C extends IpcChannelName>(host: Host, channel: C, args: IpcArgs<C>): Promise<IpcResult<C>> {
  const answer = await host.router.invoke(channel, args, { via: 'direct' })
  if (answer.ok) return answer.result as IpcResult<C>
  throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
)
