import { execFile } from 'node:child_process'
import type { HostFacts } from './compatibility'

/** `node --version` → "20.11.1"; undefined when the runtime is not there or says nothing readable. */
function versionOf(command: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 5000, windowsHide: true }, (error, stdout, stderr) => {
      const match = /(\d+\.\d+(?:\.\d+)?)/.exec(`${stdout} ${stderr}`)
      resolve(error || !match ? undefined : match[1])
    })
  })
}

/** This computer as an extension's `compatibility` asks about it; looked up once per process. */
let facts: Promise<HostFacts> | undefined
export function hostFacts(): Promise<HostFacts> {
  facts ??= Promise.all([versionOf('node', ['--version']), versionOf(process.platform === 'win32' ? 'python' : 'python3', ['--version'])]).then(
    ([nodeVersion, pythonVersion]) => ({ platform: process.platform, nodeVersion, pythonVersion })
  )
  return facts
}
