import { BUILTIN_PLAIN_SETTINGS, isBuiltinServerName } from './builtin'
import { USER_CONFIG_PREFIX } from './extensions'
import { isOnlyPlaceholders } from './placeholders'
import { looksSecretName } from './redact'
import type { AnyKindFields } from './server'
import { urlQuerySecrets } from './urlSecrets'

/** Any value the user typed into env or headers from this length on is treated as a secret. */
export const MIN_SECRET_LENGTH = 8
// below this, hiding a value would erase ordinary words
const MIN_NAMED_SECRET_LENGTH = 4

type SecretSource = Partial<Pick<AnyKindFields, 'type' | 'name' | 'env' | 'headers' | 'args' | 'notSecret' | 'oauth' | 'userConfig' | 'baseUrl'>>

/**
 * The literal values to scrub from anything that leaves the host (logs, errors, events, the CLI):
 * every env and header value of 8+ characters, whatever its name (DB_PASS, SLACK_BOT, X-Signature
 * all leak by name-only rules), unless the user marked that entry not secret; shorter ones when the
 * name looks secret; each line of a multi-line value and the token after "Bearer"; and the values
 * of secret-looking flags (`--api-key VALUE`, `--password=VALUE`). Pass the saved config and the
 * config as started, so values `${env:NAME}` brought in are known too.
 */
export function serverSecretValues(...servers: Array<SecretSource | undefined>): string[] {
  const values = new Set<string>()
  for (const server of servers) {
    if (!server) continue
    const visible = new Set(server.notSecret ?? [])
    // a built-in's own settings are paths and numbers: its errors must be able to name its file
    if (server.type === 'inMemory' && server.name && isBuiltinServerName(server.name)) for (const name of BUILTIN_PLAIN_SETTINGS) visible.add(name)
    for (const map of [server.env, server.headers]) {
      for (const [name, value] of Object.entries(map ?? {})) {
        if (visible.has(name) || !value || isOnlyPlaceholders(value)) continue
        const min = looksSecretName(name) ? MIN_NAMED_SECRET_LENGTH : MIN_SECRET_LENGTH
        addPieces(values, value, min)
      }
    }
    for (const value of flagSecrets(server.args ?? [])) addPieces(values, value, MIN_NAMED_SECRET_LENGTH)
    // `?api_key=…`: named like a secret, as a header would be
    for (const value of urlQuerySecrets(server.baseUrl)) addPieces(values, value, MIN_NAMED_SECRET_LENGTH)
    // an extension's text settings, like env values, unless its manifest did not call them sensitive
    for (const [key, value] of Object.entries(server.userConfig ?? {})) {
      if (typeof value === 'string' && !visible.has(`${USER_CONFIG_PREFIX}${key}`)) addPieces(values, value, MIN_SECRET_LENGTH)
    }
    const { clientSecret, privateKeyPem, idp } = server.oauth ?? {}
    for (const value of [clientSecret, privateKeyPem, idp?.idToken]) if (value) addPieces(values, value, MIN_NAMED_SECRET_LENGTH)
  }
  return [...values]
}

/** The value, each of its lines, and each word of it that is long enough to be a token. */
function addPieces(into: Set<string>, value: string, min: number): void {
  if (value.length >= min) into.add(value)
  for (const line of value.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.length >= min) into.add(trimmed)
    // "Bearer xyz", "token=xyz other": the part a server may echo on its own
    for (const word of trimmed.split(/\s+/)) if (word.length >= Math.max(min, MIN_SECRET_LENGTH)) into.add(word)
  }
}

/** Values of command-line flags named like secrets: `--token VALUE`, `--password=VALUE`, `-api-key VALUE`. */
export function flagSecrets(args: readonly string[]): string[] {
  const found: string[] = []
  for (let i = 0; i < args.length; i++) {
    const match = /^-{1,2}([A-Za-z0-9_.-]+)(?:=(.*))?$/s.exec(args[i])
    if (!match || !looksSecretName(match[1]) || /file$|path$|dir$/i.test(match[1])) continue
    const value = match[2] ?? args[i + 1]
    if (value !== undefined && (match[2] !== undefined || !value.startsWith('-')) && !isOnlyPlaceholders(value)) found.push(value)
  }
  return found
}
