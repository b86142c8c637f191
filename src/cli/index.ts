/**
 * `tsx src/cli/index.ts …`: the root tsconfig.json is solution-style (no path aliases), so tsx is
 * registered once more with tsconfig.node.json, where `@shared/*` resolves; then the CLI runs.
 */
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.node.json', import.meta.url)) })
const { main } = await import('./main')
await main(process.argv.slice(2))
