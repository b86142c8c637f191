/**
 * The CLI's entry: built into out/main/cli.js with the rest of main (`npm run cli` runs that
 * with node, so nothing is compiled at start); `npm run cli:dev` runs this file through tsx.
 */
import { main } from './main'

void main(process.argv.slice(2))
