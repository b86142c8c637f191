/** The server editor's tabs, in order; the route names one of them. */
export const EDITOR_TABS = ['general', 'tools', 'prompts', 'resources', 'logs', 'messages'] as const
export type EditorTab = (typeof EDITOR_TABS)[number]
