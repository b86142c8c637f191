import { parseArgs } from 'node:util'
import { parseAnswerFlags, SAMPLING_MODEL_FLAGS, samplingModelFlags, type SamplingModelFlags, type ServerRequestPolicy } from './answerFlags'
import { usageError } from './errors'
import { DISCOVERY_OPTIONS, parseDiscovery, refuseDiscoveryFlags, type DiscoveryCommand } from './discoveryArgs'
import { USAGE } from './usage'

export type CliCommand =
  | { name: 'servers'; builtin: boolean; json: boolean }
  | { name: 'import'; file: string; json: boolean }
  | { name: 'remove'; server: string; json: boolean }
  | { name: 'approve'; server: string; json: boolean }
  | { name: 'enable'; server: string; json: boolean }
  | { name: 'disable'; server: string; json: boolean }
  | { name: 'check'; server: string; json: boolean }
  | { name: 'tools'; server: string; json: boolean }
  | { name: 'call'; server: string; tool: string; args?: string; timeoutSeconds?: number; trace?: boolean; json: boolean }
  | { name: 'prompts'; server: string; json: boolean }
  | { name: 'prompt'; server: string; prompt: string; args?: string; json: boolean }
  | { name: 'resources'; server: string; json: boolean }
  | { name: 'resource'; server: string; uri: string; json: boolean }
  | { name: 'logs'; server: string; json: boolean }
  | { name: 'runtimes'; json: boolean }
  | { name: 'auth'; server: string; logout: boolean; browser: 'system' | 'follow'; json: boolean }
  | ChatCommand
  | DxtCommand
  | DiscoveryCommand
  | { name: 'help' }

/** `chat MESSAGE`: one turn with a model that may call the servers' tools */
export interface ChatCommand {
  name: 'chat'
  message: string
  model?: string
  baseUrl?: string
  apiKeyEnv?: string
  approveTools: 'ask' | 'all' | 'none'
  maxSteps?: number
  /** server names; default every switched-on, approved server */
  servers?: string[]
  /** the turn's spans after it: the turn, its model steps, their tool calls */
  trace?: boolean
  json: boolean
}

/** `dxt install|list|remove`: desktop extensions in MCP Studio's list */
export type DxtCommand =
  | { name: 'dxt'; action: 'install'; file: string; userConfig: Record<string, string | string[]>; acceptInvalidSignature: boolean; json: boolean }
  | { name: 'dxt'; action: 'list'; json: boolean }
  | { name: 'dxt'; action: 'remove'; extension: string; json: boolean }

export interface CliArgs {
  config?: string
  /** --input ID=VALUE: the config file's input placeholders */
  inputs: Record<string, string>
  connectTimeoutSeconds?: number
  /** --elicitation / --sampling: how what servers ask is answered */
  answers: ServerRequestPolicy
  /** --sampling model: the endpoint and model that answer servers' sampling requests */
  samplingModel?: SamplingModelFlags
  command: CliCommand
}

function seconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) throw usageError(`${flag} needs a positive number of seconds, got "${value}"`)
  return n
}

const CHAT_FLAGS = ['model', 'base-url', 'api-key-env', 'approve-tools', 'max-steps', 'servers'] as const

/** Positionals and the command-specific flags each command accepts (--json is everywhere). */
const SHAPES = {
  servers: { positionals: [], flags: ['builtin'] },
  import: { positionals: ['FILE'], flags: [] },
  remove: { positionals: ['SERVER'], flags: [] },
  approve: { positionals: ['SERVER'], flags: [] },
  enable: { positionals: ['SERVER'], flags: [] },
  disable: { positionals: ['SERVER'], flags: [] },
  check: { positionals: ['SERVER'], flags: [] },
  tools: { positionals: ['SERVER'], flags: [] },
  call: { positionals: ['SERVER', 'TOOL'], flags: ['args', 'timeout', 'trace'] },
  prompts: { positionals: ['SERVER'], flags: [] },
  prompt: { positionals: ['SERVER', 'NAME'], flags: ['args'] },
  resources: { positionals: ['SERVER'], flags: [] },
  resource: { positionals: ['SERVER', 'URI'], flags: [] },
  logs: { positionals: ['SERVER'], flags: [] },
  runtimes: { positionals: [], flags: [] },
  auth: { positionals: ['SERVER'], flags: ['logout', 'oauth-browser'] },
  chat: { positionals: ['MESSAGE'], flags: [...CHAT_FLAGS, 'trace'] }
} as const satisfies Record<Exclude<CliCommand['name'], 'help' | 'dxt' | 'registry'>, { positionals: string[]; flags: string[] }>

type CommandName = keyof typeof SHAPES
const FLAG_HINT: Record<string, string> = {
  args: '[--args JSON]',
  timeout: '[--timeout S]',
  trace: '[--trace]',
  builtin: '[--builtin]',
  logout: '[--logout]',
  'oauth-browser': '[--oauth-browser system|follow]',
  model: '[--model M]',
  'base-url': '[--base-url URL]',
  'api-key-env': '[--api-key-env NAME]',
  'approve-tools': '[--approve-tools ask|all|none]',
  'max-steps': '[--max-steps N]',
  servers: '[--servers A,B]'
}

function shapeOf(name: CommandName): string {
  const { positionals, flags } = SHAPES[name]
  return [name, ...positionals, ...flags.map((f) => FLAG_HINT[f]), '[--json]'].join(' ')
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
        input: { type: 'string', multiple: true },
        'connect-timeout': { type: 'string' },
        json: { type: 'boolean', default: false },
        args: { type: 'string' },
        timeout: { type: 'string' },
        trace: { type: 'boolean', default: false },
        elicitation: { type: 'string' },
        sampling: { type: 'string' },
        builtin: { type: 'boolean', default: false },
        logout: { type: 'boolean', default: false },
        'oauth-browser': { type: 'string' },
        'user-config': { type: 'string', multiple: true },
        'accept-invalid-signature': { type: 'boolean', default: false },
        ...DISCOVERY_OPTIONS,
        model: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key-env': { type: 'string' },
        'approve-tools': { type: 'string' },
        'max-steps': { type: 'string' },
        servers: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false }
      }
    })
  } catch (error) {
    throw usageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const base = {
    config: values.config,
    inputs: inputValues(values.input ?? []),
    connectTimeoutSeconds: seconds('--connect-timeout', values['connect-timeout']),
    answers: parseAnswerFlags(values, positionals[0]),
    samplingModel: samplingModelFlags(values)
  }
  const [name, ...rest] = positionals
  if (values.input?.length && !values.config && name !== 'import' && name !== 'registry') {
    throw usageError('--input fills the placeholders of a --config (or import) file; give the file with --config')
  }
  // these change the app's own list: a --config file is not it
  if (values.config && (name === 'import' || name === 'remove' || name === 'approve' || name === 'enable' || name === 'disable' || name === 'dxt' || name === 'registry')) {
    throw usageError(`"${name}" changes MCP Studio's saved servers and takes no --config`)
  }
  if (values.help || name === 'help') return { ...base, command: { name: 'help' } }
  // no command is bad usage (exit 2), not a success: a script that forgot it must notice
  if (name === undefined) throw usageError(`no command given\n\n${USAGE}`)
  const dxtOnly = values['user-config']?.length || values['accept-invalid-signature']
  if (name === 'dxt') return { ...base, command: parseDxt(rest, values['user-config'] ?? [], values['accept-invalid-signature'], values.json) }
  if (name === 'registry') return { ...base, command: parseDiscovery(rest, values, values.json) }
  refuseDiscoveryFlags(name, values)
  if (dxtOnly) throw usageError('--user-config and --accept-invalid-signature apply to "dxt install" only')
  if (!Object.hasOwn(SHAPES, name)) throw usageError(`unknown command "${name}"\n\n${USAGE}`)
  const command = name as CommandName
  const shape = SHAPES[command]
  if (rest.length !== shape.positionals.length) throw usageError(`usage: cli ${shapeOf(command)}`)
  for (const flag of ['args', 'timeout'] as const) {
    if (values[flag] !== undefined && !(shape.flags as readonly string[]).includes(flag)) {
      throw usageError(`--${flag} does not apply to "${command}"; usage: cli ${shapeOf(command)}`)
    }
  }
  for (const flag of CHAT_FLAGS) {
    // --sampling model takes the endpoint as chat does
    if (values[flag] !== undefined && command !== 'chat' && !(values.sampling === 'model' && SAMPLING_MODEL_FLAGS.has(flag))) {
      throw usageError(`--${flag} applies to "chat" (and --model, --base-url, --api-key-env to --sampling model) only; usage: cli ${shapeOf('chat')}`)
    }
  }
  if (values.trace && command !== 'call' && command !== 'chat') throw usageError(`--trace applies to "call" and "chat" only; usage: cli ${shapeOf('call')}`)
  if (values.builtin && command !== 'servers') throw usageError(`--builtin does not apply to "${command}"; usage: cli servers --builtin [--json]`)
  if ((values.logout || values['oauth-browser'] !== undefined) && command !== 'auth') {
    throw usageError(`--logout and --oauth-browser apply to "auth" only; usage: cli ${shapeOf('auth')}`)
  }
  const browser = values['oauth-browser'] ?? 'system'
  if (browser !== 'system' && browser !== 'follow') throw usageError(`--oauth-browser is system or follow, got "${browser}"`)
  const json = values.json
  const [first, second] = rest
  switch (command) {
    case 'servers':
      return { ...base, command: { name: command, builtin: values.builtin, json } }
    case 'runtimes':
      return { ...base, command: { name: command, json } }
    case 'import':
      return { ...base, command: { name: command, file: first, json } }
    case 'remove':
    case 'approve':
    case 'enable':
    case 'disable':
    case 'check':
    case 'tools':
    case 'prompts':
    case 'resources':
    case 'logs':
      return { ...base, command: { name: command, server: first, json } }
    case 'call':
      return {
        ...base,
        command: { name: command, server: first, tool: second, args: values.args, timeoutSeconds: seconds('--timeout', values.timeout), trace: values.trace, json }
      }
    case 'prompt':
      return { ...base, command: { name: command, server: first, prompt: second, args: values.args, json } }
    case 'resource':
      return { ...base, command: { name: command, server: first, uri: second, json } }
    case 'auth':
      return { ...base, command: { name: command, server: first, logout: values.logout, browser, json } }
    case 'chat':
      return { ...base, command: { ...parseChat(first, values, json), trace: values.trace } }
  }
}

function parseChat(message: string, values: Partial<Record<(typeof CHAT_FLAGS)[number], string>>, json: boolean): ChatCommand {
  if (!message.trim()) throw usageError(`chat needs a message; usage: cli ${shapeOf('chat')}`)
  const approveTools = values['approve-tools'] ?? 'ask'
  if (approveTools !== 'ask' && approveTools !== 'all' && approveTools !== 'none') throw usageError(`--approve-tools is ask, all or none, got "${approveTools}"`)
  let maxSteps: number | undefined
  if (values['max-steps'] !== undefined) {
    maxSteps = Number(values['max-steps'])
    if (!Number.isInteger(maxSteps) || maxSteps < 1) throw usageError(`--max-steps needs a whole number of at least 1, got "${values['max-steps']}"`)
  }
  const servers = values.servers?.split(',').map((s) => s.trim()).filter(Boolean)
  if (servers && !servers.length) throw usageError('--servers needs server names, e.g. --servers everything,github')
  for (const flag of ['model', 'base-url', 'api-key-env'] as const) {
    if (values[flag] !== undefined && !values[flag].trim()) throw usageError(`--${flag} needs a value`)
  }
  return { name: 'chat', message, model: values.model, baseUrl: values['base-url'], apiKeyEnv: values['api-key-env'], approveTools, maxSteps, servers, json }
}

const DXT_USAGE = 'usage: cli dxt install FILE [--user-config KEY=VALUE]... [--accept-invalid-signature] | cli dxt list | cli dxt remove NAME'

function parseDxt(rest: string[], settings: string[], acceptInvalidSignature: boolean, json: boolean): DxtCommand {
  const [action, target, ...extra] = rest
  if (action !== 'install' && (settings.length || acceptInvalidSignature)) throw usageError(`--user-config and --accept-invalid-signature apply to "dxt install" only; ${DXT_USAGE}`)
  if (action === 'install' && target !== undefined && !extra.length) return { name: 'dxt', action, file: target, userConfig: userConfigValues(settings), acceptInvalidSignature, json }
  if (action === 'list' && target === undefined) return { name: 'dxt', action, json }
  if (action === 'remove' && target !== undefined && !extra.length) return { name: 'dxt', action, extension: target, json }
  throw usageError(DXT_USAGE)
}

/** `--user-config KEY=VALUE`, repeated: a key given again adds a value (a setting that takes several). */
function userConfigValues(flags: string[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {}
  for (const flag of flags) {
    const at = flag.indexOf('=')
    if (at <= 0) throw usageError(`--user-config needs KEY=VALUE, got "${flag.split('=')[0]}"`)
    const [key, value] = [flag.slice(0, at), flag.slice(at + 1)]
    const before = values[key]
    values[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]
  }
  return values
}

/** `--input ID=VALUE`, repeated: the value may hold `=`; an id given twice is refused. */
function inputValues(flags: string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const flag of flags) {
    const at = flag.indexOf('=')
    if (at <= 0) throw usageError(`--input needs ID=VALUE, got "${flag.split('=')[0]}"`)
    const id = flag.slice(0, at)
    if (Object.hasOwn(values, id)) throw usageError(`--input ${id} is given twice`)
    values[id] = flag.slice(at + 1)
  }
  return values
}

/** `--args`: a JSON object; anything else is a usage error that names the flag and shows an example. */
export function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || !text.trim()) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw usageError(`--args is not valid JSON (${(error as Error).message}); pass an object, e.g. --args '{"message":"hi"}'`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError(`--args must be a JSON object, e.g. --args '{"message":"hi"}'`)
  }
  return value as Record<string, unknown>
}

/** Prompt arguments are strings in MCP; a number or object is refused rather than silently converted. */
export function parsePromptArgsJson(text: string | undefined): Record<string, string> {
  const args = parseArgsJson(text)
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') {
      throw usageError(`--args: prompt argument "${key}" must be a string, got ${JSON.stringify(value)}; e.g. --args '{"${key}":"${String(value)}"}'`)
    }
  }
  return args as Record<string, string>
}
