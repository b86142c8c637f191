// Set when the app is built (MCP_STUDIO_DEFAULT_REGISTRY in the build's environment): the source
// names no registry host, so whoever packages the app chooses the registry its users get by default.
declare const __MCP_STUDIO_DEFAULT_REGISTRY__: string | undefined

/** The registry this build searches when the user set none; undefined in a build without one (and in tests). */
export const PACKAGED_REGISTRY_URL: string | undefined =
  typeof __MCP_STUDIO_DEFAULT_REGISTRY__ === 'string' && __MCP_STUDIO_DEFAULT_REGISTRY__.trim() ? __MCP_STUDIO_DEFAULT_REGISTRY__.trim() : undefined
