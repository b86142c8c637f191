// `npm start`: run the Electron app when its binary is installed, else browser mode with a notice.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

function electronBinary() {
  try {
    // read what the electron package would run, without its require() (which tries to download)
    const dir = dirname(require.resolve('electron/package.json'))
    const pathFile = join(dir, 'path.txt')
    if (!existsSync(pathFile)) return null
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist')
    const binary = join(dist, readFileSync(pathFile, 'utf8').trim())
    return existsSync(binary) ? binary : null
  } catch {
    return null
  }
}

const args = process.argv.slice(2)
const binary = electronBinary()
const [command, commandArgs] = binary ? [binary, ['.', ...args]] : [process.execPath, ['out/main/browser.js', ...args]]
if (!binary) {
  console.log(
    'Electron is not installed here (no binary in node_modules/electron/dist), so MCP Studio starts in browser mode; ' +
      'to get the desktop app run `npx install-electron` on a machine with internet access, then `npm start` again.'
  )
}
const child = spawn(command, commandArgs, { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)))
