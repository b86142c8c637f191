import type { McpServerType } from './server'

/** A launch field of the editor's General tab; the tab knows how to draw each one. */
export type LaunchFormField = 'command' | 'args' | 'env' | 'cwd' | 'registryUrl' | 'baseUrl' | 'headers'

/**
 * What the editor shows and asks for one kind of server. It lives here, beside the kind union,
 * because the renderer cannot import main's transport modules: a new kind fails typecheck until
 * it has its entry.
 */
export interface ServerKindForm {
  /** offered in the kind switch; a kind that is not (an in-process built-in) shows only as itself */
  pickable: boolean
  /** its launch fields, in the order shown */
  fields: readonly LaunchFormField[]
  /** the field Save refuses empty */
  required?: LaunchFormField
}

export const SERVER_KIND_FORMS: Readonly<Record<McpServerType, ServerKindForm>> = {
  stdio: { pickable: true, fields: ['command', 'args', 'env', 'cwd', 'registryUrl'], required: 'command' },
  sse: { pickable: true, fields: ['baseUrl', 'headers'], required: 'baseUrl' },
  streamableHttp: { pickable: true, fields: ['baseUrl', 'headers'], required: 'baseUrl' },
  // a built-in runs no command: its config is its args and env
  inMemory: { pickable: false, fields: ['args', 'env'] }
}

/** Does this kind take that launch field? */
export const kindTakes = (type: McpServerType, field: LaunchFormField): boolean => SERVER_KIND_FORMS[type].fields.includes(field)
