import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** Constant-time token comparison, so the token cannot be guessed byte by byte. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The origins our own page can have; anything else is another site (CVE-2025-49596). */
export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

/** Host header check against DNS rebinding: a foreign name pointing at 127.0.0.1 is refused. */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

/** A browser always sends Origin on a WebSocket; a foreign one is refused, a missing one (a local script) is not. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin
  return origin === undefined || allowedOrigins(port).has(origin)
}

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7)
  return null
}
