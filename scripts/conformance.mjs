// `npm run test:conformance`: the official MCP conformance client suite (every scenario) run
// against tests/conformance/client.ts, which goes through the app's MCPService and OAuth code.
// The suite needs Node >= 22: when the PATH's node is older, the npm package node-<os>-<arch>@22
// is installed once into node_modules/.cache/mcp-studio/node22 and put first on PATH for the run.
// The client is bundled (like the CLI) so the suite can run it as `node <file> <server-url>` —
// it splits its --command on spaces, so the command holds only relative paths.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cache = join(root, 'node_modules/.cache/mcp-studio')
const resultsDir = join(root, 'test-results/conformance')
const expectedFailures = join(root, 'tests/conformance/expected-failures.yml')
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')

function nodeBinDir() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return dirname(process.execPath)
  const prefix = join(cache, 'node22')
  const bin = join(prefix, `node_modules/node-${process.platform}-${process.arch}/bin`)
  if (!existsSync(join(bin, 'node'))) {
    console.log(`node ${process.versions.node} is too old for the conformance suite: installing node 22 into ${relative(root, prefix)}`)
    mkdirSync(prefix, { recursive: true })
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const done = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-${process.platform}-${process.arch}@22`], {
      stdio: 'inherit'
    })
    if (done.status !== 0 || !existsSync(join(bin, 'node'))) throw new Error('could not install node 22 for the conformance suite')
  }
  return bin
}

async function buildClient() {
  const outDir = join(cache, 'conformance')
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@shared': join(root, 'packages/shared') } },
    ssr: { noExternal: true, external: ['open'] },
    build: {
      ssr: join(root, 'tests/conformance/client.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'client.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } }
    }
  })
  return relative(root, join(outDir, 'client.mjs'))
}

const bin = nodeBinDir()
const client = await buildClient()
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })
const command = `node ${client.split('\\').join('/')}`
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }
const runSuite = (...selection) => {
  const args = [suite, 'client', '--command', command, ...selection, '-o', relative(root, resultsDir)]
  if (existsSync(expectedFailures)) args.push('--expected-failures', relative(root, expectedFailures))
  return spawnSync(join(bin, 'node'), args, { cwd: root, stdio: 'inherit', env }).status ?? 1
}

/** Scenario name → its checks, from the newest results of each. */
function checksByScenario() {
  const byScenario = new Map()
  for (const file of readdirSync(resultsDir, { recursive: true }).map(String).filter((f) => f.endsWith('checks.json')).sort()) {
    const name = dirname(file).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '')
    byScenario.set(name, JSON.parse(readFileSync(join(resultsDir, file), 'utf8')))
  }
  return byScenario
}

/** Scenario name → its checks' worst status. */
function outcomes() {
  const byScenario = new Map()
  for (const [name, checks] of checksByScenario()) {
    const statuses = checks.map((check) => check.status)
    byScenario.set(name, statuses.includes('FAILURE') ? 'FAILURE' : statuses.includes('WARNING') ? 'WARNING' : 'SUCCESS')
  }
  return byScenario
}

let status = runSuite('--suite', process.env.CONFORMANCE_SUITE ?? 'all')
// sse-retry times a reconnect (450–700 ms, "very late" past 1 s): on a loaded machine, with 25
// scenarios running beside it, the reconnect can come late. A run whose only fault is lateness
// (never too early, which would be a real bug) is measured again, alone, once.
const notPassed = () => [...outcomes()].filter(([, outcome]) => outcome !== 'SUCCESS')
const onlyLate = () =>
  (checksByScenario().get('sse-retry') ?? [])
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .every((check) => check.id === 'client-sse-retry-timing' && check.details?.tooEarly === false)
const before = notPassed()
if (status !== 0 && before.length === 1 && before[0][0] === 'sse-retry' && onlyLate()) {
  console.log('sse-retry reconnected late while the suite ran in parallel; measuring it again alone')
  status = runSuite('--scenario', 'sse-retry')
}

// one plain line for the log
const results = outcomes()
const failing = notPassed()
console.log(
  `conformance: ${results.size - failing.length} of ${results.size} scenarios passed${failing.length ? `; not passing: ${failing.map(([name, outcome]) => `${name} (${outcome})`).join(', ')}` : ''}`
)
process.exit(status)
