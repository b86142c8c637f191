// `npm run cli`: runs the built CLI (plain node, nothing compiled at start), building it first
// when out/ is missing or older than its sources, as on a fresh clone.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { CLI_ENTRY, cliBuildProblem } from './cliBuild.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const problem = cliBuildProblem(root)
if (problem) {
  process.stderr.write(`building the CLI first (${problem})…\n`)
  // the build's own output goes to stderr: stdout stays the command's (--json)
  const build = spawnSync(process.execPath, [join(root, 'scripts/buildCli.mjs')], { cwd: root, stdio: ['ignore', 2, 2] })
  const still = cliBuildProblem(root)
  if (build.status !== 0 || still) {
    process.stderr.write(`error: the CLI could not be built (${still ?? `the build exited with ${build.status}`}); run \`node scripts/buildCli.mjs\` to see why\n`)
    process.exit(2)
  }
}
await import(pathToFileURL(join(root, CLI_ENTRY)).href)
