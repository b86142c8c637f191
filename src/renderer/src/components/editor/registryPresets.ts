/**
 * Package registries offered in the editor besides "default" and "custom URL". Kept in one list so
 * the mirrors a release ships with are reviewed in one place; each needs both languages' labels.
 */
export interface RegistryPreset {
  id: string
  /** which tool it is for: npx/bunx or uvx/pip */
  kind: 'npm' | 'pip'
  url: string
  label: { 'en-US': string; 'zh-CN': string }
}

export const REGISTRY_PRESETS: RegistryPreset[] = []
