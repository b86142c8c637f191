import { join } from 'node:path'
import { CLI_ENTRY, cliBuildProblem } from '../../scripts/cliBuild.mjs'
import { ROOT, tempDir } from '../main/services/helpers'

/**
 * The CLI as users run it: the built out/cli/index.js, by plain node. A test run against a build
 * older than the sources would test yesterday's code, so it stops here and says what to do.
 */
export function builtCli(): string {
  const problem = cliBuildProblem(ROOT)
  if (problem) throw new Error(`the CLI tests run the built CLI, but ${problem}: run \`npm run -s build\` first (npm test does)`)
  return join(ROOT, CLI_ENTRY)
}

/**
 * The CLI's user-data folder when a test names none: one per test file, so what the CLI keeps
 * there (the login-shell environment cache) never lands in the real ~/.config/MCP Studio.
 */
export const testUserData = tempDir('mcp-cli-userdata-')
