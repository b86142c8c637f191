import type { McpServerInput } from '../mcp/server'
import { checkEnvName, checkHeaderName, checkHttpUrl, checkIdentifier, checkName, checkText, checkVersion, EntryProblem } from './entryChecks'
import type { RegistryArgument, RegistryKeyValue, RegistryPackage, RegistryRemote, ServerJson } from './serverJson'

/** what an entry runs, as the page and the CLI name it */
export type RunsWith = 'npx' | 'uvx' | 'docker' | 'remote' | 'mcpb'

/** a value the user gives before the server is added: an env var, a header, an argument or a `{name}` in one */
export interface InstallInput {
  /** what `--input KEY=VALUE` and the form use */
  key: string
  where: 'env' | 'header' | 'argument' | 'variable'
  description?: string
  required: boolean
  secret: boolean
  default?: string
  choices?: string[]
}

/** an entry as the review shows it: what it runs (placeholders for inputs) and what it needs */
export interface InstallPlan {
  name: string
  title?: string
  version: string
  description?: string
  /** the publisher's part of the name (`io.github.someone` of `io.github.someone/server`) */
  namespace: string
  repositoryUrl?: string
  runs: RunsWith
  /** the command line, or the transport and URL, with `<KEY>` where an input goes */
  target: string
  inputs: InstallInput[]
}

/** a required input the user left empty */
export class MissingInputs extends Error {
  override name = 'MissingInputs'
  constructor(readonly keys: string[]) {
    super(`needs a value for ${keys.map((k) => `"${k}"`).join(', ')}`)
  }
}

const RUNNERS: Record<string, RunsWith> = { npm: 'npx', pypi: 'uvx', oci: 'docker' }

type Target =
  | { kind: 'package'; pkg: RegistryPackage; field: string }
  | { kind: 'remote'; remote: RegistryRemote; field: string }
  | { kind: 'bundle'; bundle: RegistryBundle; field: string }

/** a desktop extension bundle (.mcpb) an entry names: downloaded over https, installed only if its SHA-256 matches */
export interface RegistryBundle {
  url: string
  sha256: string
}

/** Checks the whole entry, then picks what to run: a stdio package (npm, PyPI, OCI), else a remote. */
function pickTarget(entry: ServerJson): Target {
  checkEntry(entry)
  const packages = entry.packages ?? []
  const index = packages.findIndex((p) => RUNNERS[p.registryType] && (p.transport?.type ?? 'stdio') === 'stdio')
  if (index >= 0) return { kind: 'package', pkg: packages[index], field: `packages[${index}]` }
  const remoteIndex = (entry.remotes ?? []).findIndex((r) => r.type === 'streamable-http' || r.type === 'sse')
  if (remoteIndex >= 0) return { kind: 'remote', remote: entry.remotes![remoteIndex], field: `remotes[${remoteIndex}]` }
  const bundleIndex = packages.findIndex((p) => p.registryType === 'mcpb')
  if (bundleIndex >= 0) return { kind: 'bundle', bundle: checkBundle(packages[bundleIndex], `packages[${bundleIndex}]`), field: `packages[${bundleIndex}]` }
  throw new EntryProblem('packages', 'names nothing this app can run (an npm, PyPI or OCI package over stdio, or a Streamable HTTP or SSE remote)')
}

function checkBundle(pkg: RegistryPackage, field: string): RegistryBundle {
  if (!pkg.identifier.startsWith('https://')) throw new EntryProblem(`${field}.identifier`, 'is not an https address: a bundle is downloaded over https only')
  const sha256 = pkg.fileSha256?.trim().toLowerCase() ?? ''
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new EntryProblem(`${field}.fileSha256`, 'is missing or not a SHA-256 (64 hex digits): a bundle is installed only when its checksum can be checked')
  return { url: pkg.identifier, sha256 }
}

function checkEntry(entry: ServerJson): void {
  checkName('name', entry.name)
  if (!/^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+$/.test(entry.name)) throw new EntryProblem('name', 'is not a registry name (namespace/name)')
  checkName('title', entry.title)
  checkText('description', entry.description)
  checkVersion('version', entry.version)
  checkHttpUrl('repository.url', entry.repository?.url)
  checkHttpUrl('websiteUrl', entry.websiteUrl)
  for (const [i, pkg] of (entry.packages ?? []).entries()) {
    const field = `packages[${i}]`
    checkName(`${field}.registryType`, pkg.registryType)
    if (pkg.registryType === 'mcpb') checkHttpUrl(`${field}.identifier`, pkg.identifier)
    else checkIdentifier(`${field}.identifier`, pkg.registryType, pkg.identifier)
    if (pkg.version !== undefined) checkVersion(`${field}.version`, pkg.version)
    for (const [j, arg] of (pkg.runtimeArguments ?? []).entries()) checkArgument(`${field}.runtimeArguments[${j}]`, arg)
    for (const [j, arg] of (pkg.packageArguments ?? []).entries()) checkArgument(`${field}.packageArguments[${j}]`, arg)
    for (const [j, env] of (pkg.environmentVariables ?? []).entries()) {
      checkEnvName(`${field}.environmentVariables[${j}].name`, env.name)
      checkValue(`${field}.environmentVariables[${j}]`, env)
    }
  }
  for (const [i, remote] of (entry.remotes ?? []).entries()) {
    const field = `remotes[${i}]`
    checkHttpUrl(`${field}.url`, remote.url)
    for (const [j, header] of (remote.headers ?? []).entries()) {
      checkHeaderName(`${field}.headers[${j}].name`, header.name)
      checkValue(`${field}.headers[${j}]`, header)
    }
  }
}

function checkArgument(field: string, arg: RegistryArgument): void {
  checkName(`${field}.name`, arg.name)
  checkName(`${field}.valueHint`, arg.valueHint)
  checkValue(field, arg)
}

function checkValue(field: string, item: { value?: string; default?: string; variables?: Record<string, unknown> }): void {
  checkName(`${field}.value`, item.value)
  checkName(`${field}.default`, item.default)
  for (const key of Object.keys(item.variables ?? {})) checkName(`${field}.variables`, key)
}

/** Collects the inputs as it builds the target; with `values`, fills them and notes the missing ones. */
class Inputs {
  readonly list: InstallInput[] = []
  readonly missing: string[] = []
  constructor(private readonly values?: Record<string, string>) {}

  /** an item's value: its fixed value with `{vars}` filled, else the user's (or its default); undefined leaves it out */
  valueOf(item: RegistryKeyValue | RegistryArgument, key: string, where: InstallInput['where']): string | undefined {
    if (item.value !== undefined) {
      return item.value.replace(/\{([A-Za-z0-9_-]+)\}/g, (whole, name: string) => {
        const variable = item.variables?.[name]
        if (!variable) return whole
        return this.ask(name, 'variable', variable) ?? ''
      })
    }
    return this.ask(key, where, item)
  }

  private ask(key: string, where: InstallInput['where'], spec: { description?: string; isRequired?: boolean; isSecret?: boolean; default?: string; choices?: string[] }): string | undefined {
    if (!this.list.some((input) => input.key === key)) {
      this.list.push({ key, where, description: spec.description, required: spec.isRequired === true, secret: spec.isSecret === true, default: spec.default, choices: spec.choices })
    }
    if (!this.values) return `<${key}>`
    const given = this.values[key]
    const value = given !== undefined && given !== '' ? given : spec.default
    if (value === undefined && spec.isRequired && !this.missing.includes(key)) this.missing.push(key)
    return value
  }
}

interface Built {
  runs: RunsWith
  server: { type: 'stdio'; command: string; args: string[]; env?: Record<string, string>; notSecret?: string[] } | { type: 'streamableHttp' | 'sse'; baseUrl: string; headers?: Record<string, string>; notSecret?: string[] }
}

/**
 * Where a secret argument's value goes once the user gave it: into the server's env (sealed on
 * disk like any env value, redacted in its log) under a name of its own, the argument holding
 * `${env:NAME}`, filled in when the server starts. Without it (the review) the value stays as is.
 */
class SecretArguments {
  readonly env: Record<string, string> = {}
  constructor(private readonly taken: Set<string>) {}

  placeholder(key: string, value: string): string {
    const base = `MCP_SECRET_ARG_${key.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`
    let name = base
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`
    this.taken.add(name)
    this.env[name] = value
    return `\${env:${name}}`
  }
}

/** a value the user must keep private: the argument's own flag, or one of the `{vars}` in it */
const isSecretArgument = (arg: RegistryArgument) => arg.isSecret === true || Object.values(arg.variables ?? {}).some((variable) => variable.isSecret === true)

function buildArguments(args: RegistryArgument[] | undefined, inputs: Inputs, secrets?: SecretArguments): string[] {
  const out: string[] = []
  for (const [i, arg] of (args ?? []).entries()) {
    if (arg.type === 'named' && arg.name) {
      // a named argument with nothing to ask is a flag on its own
      const bare = arg.value === undefined && arg.default === undefined && !arg.isRequired && !arg.isSecret && !arg.description
      if (bare) {
        out.push(arg.name)
        continue
      }
      const key = arg.name.replace(/^-+/, '')
      const value = inputs.valueOf(arg, key, 'argument')
      if (value !== undefined) out.push(arg.name, secrets && isSecretArgument(arg) ? secrets.placeholder(key, value) : value)
    } else {
      const key = arg.valueHint ?? `argument${i + 1}`
      const value = inputs.valueOf(arg, key, 'argument')
      if (value !== undefined) out.push(secrets && isSecretArgument(arg) ? secrets.placeholder(key, value) : value)
    }
  }
  return out
}

function buildPackage(entry: ServerJson, pkg: RegistryPackage, inputs: Inputs, sealArguments: boolean): Built {
  const runs = RUNNERS[pkg.registryType]
  const version = pkg.version ?? entry.version
  const env: Record<string, string> = {}
  const notSecret: string[] = []
  for (const variable of pkg.environmentVariables ?? []) {
    const value = inputs.valueOf(variable, variable.name, 'env')
    if (value === undefined) continue
    env[variable.name] = value
    if (!variable.isSecret) notSecret.push(variable.name)
  }
  const secrets = sealArguments ? new SecretArguments(new Set((pkg.environmentVariables ?? []).map((variable) => variable.name))) : undefined
  const runtimeArgs = buildArguments(pkg.runtimeArguments, inputs, secrets)
  const packageArgs = buildArguments(pkg.packageArguments, inputs, secrets)
  let command: string
  let args: string[]
  if (runs === 'npx') {
    command = 'npx'
    args = ['-y', ...runtimeArgs, `${pkg.identifier}@${version}`, ...packageArgs]
  } else if (runs === 'uvx') {
    command = 'uvx'
    args = [...runtimeArgs, `${pkg.identifier}==${version}`, ...packageArgs]
  } else {
    // a container sees only the variables passed to it by name
    const image = /[:@]/.test(pkg.identifier.split('/').pop() ?? '') ? pkg.identifier : `${pkg.identifier}:${version}`
    command = 'docker'
    args = ['run', '-i', '--rm', ...Object.keys(env).flatMap((name) => ['-e', name]), ...runtimeArgs, image, ...packageArgs]
  }
  // after the container's -e list: a secret argument reaches docker's command line, not the container's env
  Object.assign(env, secrets?.env)
  return { runs, server: { type: 'stdio', command, args, ...(Object.keys(env).length ? { env } : {}), ...(notSecret.length ? { notSecret } : {}) } }
}

function buildRemote(remote: RegistryRemote, inputs: Inputs): Built {
  const url = inputs.valueOf({ name: 'url', value: remote.url, variables: remote.variables }, 'url', 'variable') ?? remote.url
  const headers: Record<string, string> = {}
  const notSecret: string[] = []
  for (const header of remote.headers ?? []) {
    const value = inputs.valueOf(header, header.name, 'header')
    if (value === undefined) continue
    headers[header.name] = value
    if (!header.isSecret) notSecret.push(header.name)
  }
  return {
    runs: 'remote',
    server: { type: remote.type === 'sse' ? 'sse' : 'streamableHttp', baseUrl: url, ...(Object.keys(headers).length ? { headers } : {}), ...(notSecret.length ? { notSecret } : {}) }
  }
}

/** `sealArguments`: secret argument values go to env behind a placeholder (what is stored), not in args (what is shown) */
function build(entry: ServerJson, inputs: Inputs, sealArguments = false): { target: Target; built: Built } {
  const target = pickTarget(entry)
  if (target.kind === 'bundle') throw new EntryProblem(target.field, 'is a desktop extension bundle: it is installed through the extension installer')
  const built = target.kind === 'package' ? buildPackage(entry, target.pkg, inputs, sealArguments) : buildRemote(target.remote, inputs)
  return { target, built }
}

/** The bundle an entry installs as a desktop extension, when that is what it runs; refuses a bad entry (EntryProblem). */
export function bundleOf(entry: ServerJson): RegistryBundle | undefined {
  const target = pickTarget(entry)
  return target.kind === 'bundle' ? target.bundle : undefined
}

function describe(built: Built): string {
  const { server } = built
  if (server.type === 'stdio') return [server.command, ...server.args].join(' ')
  return `${server.type === 'sse' ? 'SSE' : 'Streamable HTTP'} ${server.baseUrl}`
}

/** The review of an entry: refuses a bad one (EntryProblem naming the field). */
export function planInstall(entry: ServerJson): InstallPlan {
  const about = {
    name: entry.name,
    title: entry.title,
    version: entry.version,
    description: entry.description,
    namespace: entry.name.split('/')[0],
    repositoryUrl: entry.repository?.url
  }
  // a bundle's settings are its manifest's: they are asked once it is downloaded and checked
  const bundle = bundleOf(entry)
  if (bundle) return { ...about, runs: 'mcpb', target: bundle.url, inputs: [] }
  const inputs = new Inputs()
  const { built } = build(entry, inputs)
  return { ...about, runs: built.runs, target: describe(built), inputs: inputs.list }
}

/** What will run with these values, a secret one shown as `<KEY>` (for a message after adding). */
export function shownTarget(entry: ServerJson, values: Record<string, string>): string {
  const masked = { ...values }
  for (const input of planInstall(entry).inputs) if (input.secret && masked[input.key]) masked[input.key] = `<${input.key}>`
  return describe(build(entry, new Inputs(masked)).built)
}

/**
 * The server an entry becomes with the user's values: pinned to the listed version, switched on,
 * marked as from a registry. Refuses a bad entry (EntryProblem), a missing required value
 * (MissingInputs) and a value that could not be stored as given.
 */
export function serverFromEntry(entry: ServerJson, values: Record<string, string>, id: string): McpServerInput {
  const inputs = new Inputs(values)
  const { built } = build(entry, inputs, true)
  if (inputs.missing.length) throw new MissingInputs(inputs.missing)
  for (const input of inputs.list) {
    const value = values[input.key]
    if (value === undefined) continue
    // a value goes into a header line or an argument: a line break or NUL would change what it says
    // eslint-disable-next-line no-control-regex -- NUL is what is looked for
    if (/[\u0000\r\n]/.test(value)) throw new EntryProblem(`input "${input.key}"`, 'contains a line break or NUL character')
  }
  if (built.server.type !== 'stdio') checkHttpUrl('url', built.server.baseUrl)
  return {
    id,
    name: entry.name,
    ...built.server,
    ui: {
      ...(entry.title ? { displayName: entry.title.slice(0, 200) } : {}),
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.repository?.url ? { providerUrl: entry.repository.url } : {}),
      provider: entry.name.split('/')[0]
    },
    reference: `${entry.name}@${entry.version}`,
    isActive: true,
    installSource: 'registry'
  }
}
