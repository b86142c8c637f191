import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js'

/** What a server last asked for: the scope and metadata of its 401 or 403 insufficient_scope. */
export interface Challenge {
  scope?: string
  resourceMetadataUrl?: string
  /** the JSON-RPC method of the request refused */
  method?: string
  /** the user's Sign ins since the server first asked for this scope */
  signIns: number
}

/** Sign ins for one scope the server keeps refusing before the app stops offering another. */
export const SIGN_IN_LIMIT = 3

/**
 * The challenges each server's answers carried in this run, by server id: a Sign in asks for
 * what the server asked for (with what was granted before: a step-up), and counts, so a server
 * that refuses every token for a scope ends in an error after three sign-ins instead of a loop.
 * The refused request going through with a token ends the count.
 */
export class Challenges {
  private readonly byServer = new Map<string, Challenge>()

  of(serverId: string): Challenge | undefined {
    return this.byServer.get(serverId)
  }

  /** Watches one answer of the server to a request (`init`, with or without a token). */
  heard(serverId: string, response: Response, init: RequestInit | undefined): void {
    if (response.status === 401 || response.status === 403) {
      const { error, scope, resourceMetadataUrl } = extractWWWAuthenticateParams(response)
      if (response.status === 403 && error !== 'insufficient_scope') return
      const before = this.byServer.get(serverId)
      const same = before && normalized(before.scope) === normalized(scope)
      const method = methodOf(init?.body) ?? before?.method
      this.byServer.set(serverId, { scope, method, resourceMetadataUrl: resourceMetadataUrl?.href ?? before?.resourceMetadataUrl, signIns: same ? before.signIns : 0 })
      return
    }
    // the kind of request that was refused went through with a token (other requests may not
    // need what it asked for)
    const refused = this.byServer.get(serverId)?.method
    if (response.ok && refused && hasToken(init) && methodOf(init?.body) === refused) this.byServer.delete(serverId)
  }

  /** A Sign in for the current challenge is starting. */
  signingIn(serverId: string): void {
    const challenge = this.byServer.get(serverId)
    if (challenge) challenge.signIns++
  }

  /** Sign out, or the user starts over after the limit: the count begins again. */
  forget(serverId: string): void {
    this.byServer.delete(serverId)
  }
}

/** Scopes as a set: the server's order and spacing do not matter. */
export function normalized(scope: string | undefined): string {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))].sort().join(' ')
}

/** The union of scopes, in first-seen order; undefined when there are none. */
export function unionOf(...scopes: (string | undefined)[]): string | undefined {
  const all = [...new Set(scopes.flatMap((scope) => (scope ?? '').split(' ').filter(Boolean)))]
  return all.length ? all.join(' ') : undefined
}

function hasToken(init: RequestInit | undefined): boolean {
  return /^Bearer /i.test(new Headers(init?.headers).get('authorization') ?? '')
}

/** The JSON-RPC method a POST body carries. */
function methodOf(body: unknown): string | undefined {
  return typeof body === 'string' ? /"method"\s*:\s*"([^"]+)"/.exec(body)?.[1] : undefined
}
