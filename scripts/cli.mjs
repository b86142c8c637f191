// `npm run cli`: runs the built CLI (plain node, nothing compiled at start), building it first
// when out/ is missing or older than its sources, as on a fresh clone.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { CLI_ENTRY, cliBuildProblem } from './cliBuild.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const problem = cliBuildProblem(root)
if (problem) {
  process.stderr.write(`building the CLI first (${problem})…\n`)
  const bin = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  // the build's own output goes to stderr: stdout stays the command's (--json)
  const build = spawnSync(process.execPath, [bin, 'build', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 2, 2] })
  const still = cliBuildProblem(root)
  if (build.status !== 0 || still) {
    process.stderr.write(`error: the CLI could not be built (${still ?? `electron-vite exited with ${build.status}`}); run \`npm run build\` to see why\n`)
    process.exit(2)
  }
}
await import(pathToFileURL(join(root, CLI_ENTRY)).href)
