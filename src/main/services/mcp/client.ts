import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ClientNotification,
  type ClientRequest,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult
} from '@modelcontextprotocol/sdk/types.js'
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import type { Platform } from '../../platform/Platform'

/** How the host answers what a server asks; MCPService provides them. */
export interface ClientRequestHandlers {
  /** the server's folders right now; they may change while connected */
  roots(): readonly string[]
  elicit(params: ElicitRequestParams, request: IncomingRequest): Promise<ElicitResult>
  sample(params: CreateMessageRequestParams, request: IncomingRequest): Promise<CreateMessageResult>
}

/**
 * The SDK would fail a whole call whose structuredContent does not match the tool's outputSchema,
 * and the user would never see what the server sent. The host passes it on as sent; the window
 * checks it against the schema and says valid or invalid, with the first error.
 */
const passStructuredContentThrough: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined })
  }
}

type Extra = RequestHandlerExtra<ClientRequest, ClientNotification>

/** The JSON-RPC id of a server's request and the signal the SDK aborts when it is withdrawn. */
export interface IncomingRequest {
  rpcId: string | number
  signal: AbortSignal
}

/**
 * The SDK client as this app presents itself: the app's name and version, and the
 * capabilities a server may use. Elicitation defaults are filled in by the SDK (applyDefaults).
 */
export function createClient(platform: Platform, handlers: ClientRequestHandlers): Client {
  const client = new Client(
    { name: platform.appName, version: platform.appVersion },
    {
      capabilities: {
        roots: { listChanged: true },
        sampling: {},
        elicitation: { form: { applyDefaults: true }, url: {} }
      },
      jsonSchemaValidator: passStructuredContentThrough
    }
  )
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: handlers.roots().map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) || path }))
  }))
  client.setRequestHandler(ElicitRequestSchema, (request, extra: Extra) => handlers.elicit(request.params, { rpcId: extra.requestId, signal: extra.signal }))
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra: Extra) => handlers.sample(request.params, { rpcId: extra.requestId, signal: extra.signal }))
  return client
}
