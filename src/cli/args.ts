import { parseArgs } from 'node:util'
import { usageError } from './errors'

export const USAGE = `usage: cli [--config FILE] [--connect-timeout SECONDS] COMMAND

commands:
  servers                                   configured servers: name, type, command or URL
  check SERVER                              connect and list tools: "ok: N tools" or the error
  tools SERVER [--json]                     tools: name, function-call id, description
  call SERVER TOOL [--args JSON] [--timeout S] [--json]
                                            call a tool; progress on stderr, result on stdout

--config FILE   an mcpServers JSON (Claude Desktop, Cursor, Cherry Studio) or VS Code's mcp.json;
                default: the servers saved by MCP Studio
exit codes: 0 ok, 1 failure, 2 bad usage or config, 130 interrupted`

export type CliCommand =
  | { name: 'servers'; json: boolean }
  | { name: 'check'; server: string }
  | { name: 'tools'; server: string; json: boolean }
  | { name: 'call'; server: string; tool: string; args?: string; timeoutSeconds?: number; json: boolean }
  | { name: 'help' }

export interface CliArgs {
  config?: string
  connectTimeoutSeconds?: number
  command: CliCommand
}

function seconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) throw usageError(`${flag} needs a positive number of seconds, got "${value}"`)
  return n
}

export function parseCliArgs(argv: string[]): CliArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string' },
        'connect-timeout': { type: 'string' },
        json: { type: 'boolean', default: false },
        args: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false }
      }
    })
  } catch (error) {
    throw usageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const base = { config: values.config, connectTimeoutSeconds: seconds('--connect-timeout', values['connect-timeout']) }
  const [name, ...rest] = positionals
  if (values.help || name === 'help' || name === undefined) return { ...base, command: { name: 'help' } }
  const expect = (count: number, shape: string) => {
    if (rest.length !== count) throw usageError(`usage: cli ${name} ${shape}`)
  }
  switch (name) {
    case 'servers':
      expect(0, '')
      return { ...base, command: { name, json: values.json } }
    case 'check':
      expect(1, 'SERVER')
      return { ...base, command: { name, server: rest[0] } }
    case 'tools':
      expect(1, 'SERVER [--json]')
      return { ...base, command: { name, server: rest[0], json: values.json } }
    case 'call':
      expect(2, 'SERVER TOOL [--args JSON] [--timeout S] [--json]')
      return {
        ...base,
        command: {
          name,
          server: rest[0],
          tool: rest[1],
          args: values.args,
          timeoutSeconds: seconds('--timeout', values.timeout),
          json: values.json
        }
      }
    default:
      throw usageError(`unknown command "${name}"\n\n${USAGE}`)
  }
}
