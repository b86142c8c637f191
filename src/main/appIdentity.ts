import pkg from '../../package.json'

/** The app's name and version as the package declares them; Electron reports the same. */
export const appIdentity = {
  name: pkg.productName,
  version: pkg.version
} as const
