/** an MCP Registry entry whose desktop extension bundle main downloads and stages */
export interface RegistryBundleRef {
  registryUrl: string
  name: string
  version?: string
}
