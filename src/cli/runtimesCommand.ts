import { RUNTIME_HOME, RUNTIME_LABEL, type RuntimeStatus } from '@shared/mcp/runtimeOf'
import { userLoginShellEnv } from '../main/services/mcp/loginEnvCache'
import { hostRuntimes } from '../main/services/runtimes/hostRuntimes'
import { ExitCode } from './errors'
import { out, outJson } from './output'

/** `runtimes`: what local servers need, found here (path, version) or missing (where to get it). */
export async function runtimesCommand(json: boolean, userDataDir: string): Promise<number> {
  // searched as this CLI's servers are: the same login environment, bundled tools and set paths
  const runtimes = await hostRuntimes(userDataDir, { loginShellEnv: userLoginShellEnv(userDataDir) }).list()
  if (json) await outJson(runtimes.map((runtime) => ({ ...runtime, getItFrom: RUNTIME_HOME[runtime.runtime] })))
  else await out(runtimes.map(describe).join('\n'))
  return ExitCode.Ok
}

function describe(runtime: RuntimeStatus): string {
  const name = runtime.runtime.padEnd(7)
  const problem = runtime.problem ? `\n         the path set for it is not used: ${runtime.problem}` : ''
  if (!runtime.found) return `${name} missing  — install ${RUNTIME_LABEL[runtime.runtime]}: ${RUNTIME_HOME[runtime.runtime]}${problem}`
  const others = runtime.commands.filter((c) => c.path && c.path !== runtime.path).map((c) => `${c.name}: ${c.path}`)
  const where = runtime.source === 'configured' ? ' (set in Runtimes)' : runtime.source === 'bundled' ? ' (bundled)' : ''
  return `${name} found    ${runtime.version ?? 'version unknown'}  ${runtime.path}${where}${others.length ? `  (${others.join(', ')})` : ''}${problem}`
}
