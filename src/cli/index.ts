/**
 * The CLI's entry: bundled into out/cli/index.js by scripts/buildCli.mjs (`npm run build`), which
 * `npm run cli` runs with node, so nothing is compiled at start; `npm run cli:dev` runs this file
 * through tsx.
 */
import { main } from './main'

void main(process.argv.slice(2))
