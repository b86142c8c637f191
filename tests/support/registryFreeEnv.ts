/**
 * process.env without the package-registry settings: `npm test` itself exports npm_config_* (the
 * registry among them), so a test about the user's own settings starts from an environment
 * that names none.
 */
export function registryFreeEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|NPM_|PIP_|UV_|XDG_CONFIG_HOME$)/.test(key)))
}
