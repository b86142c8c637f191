// Electron fuses for a packaged MCP Studio: switches compiled into the Electron binary that no
// flag, variable or script can turn back on. Run on the packaged binary (or from a packager's
// afterPack hook) before signing:  node scripts/electronFuses.mjs path/to/mcp-studio
import { pathToFileURL } from 'node:url'
import { flipFuses, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses'

export const fuseConfig = {
  version: FuseVersion.V1,
  // the binary must not run as a plain Node (ELECTRON_RUN_AS_NODE): that would run any script with the app's rights
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS (--require …) and --inspect would let anyone inject code into the main process
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // only the app.asar we shipped, checked against the hash embedded at package time
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // pages come from app://, so file:// needs no extra privileges
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false
}

/** Flips the fuses in place; returns what the binary holds afterwards, by fuse name. */
export async function applyFuses(pathToElectron) {
  await flipFuses(pathToElectron, fuseConfig)
  const wire = await getCurrentFuseWire(pathToElectron)
  return Object.fromEntries(
    Object.entries(wire)
      .filter(([key]) => key !== 'version' && FuseV1Options[key] !== undefined)
      .map(([key, state]) => [FuseV1Options[key], String.fromCharCode(state) === '1'])
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2]
  if (!target) {
    console.error('usage: node scripts/electronFuses.mjs PATH_TO_PACKAGED_ELECTRON_BINARY')
    process.exit(2)
  }
  try {
    const fuses = await applyFuses(target)
    for (const [name, on] of Object.entries(fuses)) console.log(`${name}: ${on ? 'on' : 'off'}`)
  } catch (error) {
    console.error(`Could not set the fuses of ${target}: ${error.message}`)
    process.exit(1)
  }
}
