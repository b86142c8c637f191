import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type { HttpServer } from '@shared/mcp/server'
import { McpServerError } from '../errors'
import { urlWithoutQuery } from './signInSteps'

/**
 * A sign-in that could not start (discovery, registration, the authorization page) as one
 * sentence: the server, the URL it was at, what went wrong and what to do. Metadata that fails
 * the SDK's schema (a `javascript:` endpoint) is named by its field, never dumped.
 */
export function signInStartError(server: HttpServer, error: unknown, then: string): McpServerError {
  if (error instanceof McpServerError) return error
  const where = urlWithoutQuery(server.baseUrl)
  const issue = firstIssue(error)
  if (issue) {
    return new McpServerError(
      server,
      'SIGN_IN_FAILED',
      // "field is …", not "field: …", which reads as a key and value to the redaction of secrets
      `the OAuth metadata found from ${where} is not usable (${issue.path ? `its ${issue.path} is ` : ''}${issue.message}). Ask the server's operator to fix it, then ${then} again`,
      { cause: error }
    )
  }
  return new McpServerError(server, 'SIGN_IN_FAILED', `the sign-in to ${where} could not start: ${sentence(error)}. Check the server's URL and that its authorization server is up, then ${then} again`, {
    cause: error
  })
}

/** The token endpoint refused the code: which endpoint, the OAuth error and its description. */
export function tokenExchangeError(server: HttpServer, error: unknown, tokenEndpoint: string | undefined, then: string): McpServerError {
  const code = error instanceof OAuthError ? error.errorCode : undefined
  const at = tokenEndpoint ? ` at ${urlWithoutQuery(tokenEndpoint)}` : ''
  return new McpServerError(server, 'SIGN_IN_FAILED', `the authorization server${at} did not exchange the sign-in code (${code ? `${code}: ` : ''}${sentence(error)}); ${then} again`, {
    cause: error
  })
}

/** The first schema issue of a zod error (its field path and message), from any copy of zod. */
function firstIssue(error: unknown): { path: string; message: string } | undefined {
  const issues = (error as { issues?: unknown } | undefined)?.issues
  if (!Array.isArray(issues) || !issues.length) return undefined
  const [first] = issues as { path?: unknown[]; message?: string }[]
  const message = first.message ?? 'invalid'
  // the SDK's wording ("URL cannot use javascript:, …") said as what the app refuses
  const scheme = /cannot use (.*) scheme/.exec(message)?.[1]
  return { path: (first.path ?? []).map(String).join('.'), message: scheme ? `an address MCP Studio will not open (${scheme} are refused)` : `not valid: ${message}` }
}

/** An error's message on one line, without a trailing period. */
function sentence(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().replace(/\.$/, '') || 'no reason given'
}
