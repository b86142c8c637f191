import type { ChatContextServer } from '@shared/chat/composerContext'

type Server = ChatContextServer
export type PromptEntry = Server['prompts'][number]
export type ResourceEntry = Server['resources'][number]
export type TemplateEntry = Server['templates'][number]

/** One line of the `/` or `@` menu. */
export type ContextItem = { key: string; serverId: string; server: string; label: string; description?: string } & (
  | { kind: 'prompt'; prompt: PromptEntry }
  | { kind: 'resource'; resource: ResourceEntry }
  | { kind: 'template'; template: TemplateEntry }
)

const matches = (query: string, ...fields: (string | undefined)[]) => {
  const q = query.toLowerCase()
  return !q || fields.some((f) => f?.toLowerCase().includes(q))
}

/** The menu's lines for what was typed: prompts for `/`; resources, then templates, for `@`. Searched by server, name, title, URI and description. */
export function contextItems(servers: readonly Server[], kind: 'prompt' | 'resource', query: string): ContextItem[] {
  const items: ContextItem[] = []
  for (const s of servers) {
    const base = { serverId: s.serverId, server: s.server }
    if (kind === 'prompt') {
      for (const p of s.prompts) {
        if (matches(query, s.server, p.name, p.title, p.description)) items.push({ ...base, key: `p:${s.serverId}:${p.name}`, kind: 'prompt', label: p.title ?? p.name, description: p.description, prompt: p })
      }
      continue
    }
    for (const r of s.resources) {
      if (matches(query, s.server, r.name, r.title, r.uri, r.description)) items.push({ ...base, key: `r:${s.serverId}:${r.uri}`, kind: 'resource', label: r.title ?? r.name, description: r.description ?? r.uri, resource: r })
    }
    for (const t of s.templates) {
      if (matches(query, s.server, t.name, t.title, t.uriTemplate, t.description)) items.push({ ...base, key: `t:${s.serverId}:${t.uriTemplate}`, kind: 'template', label: t.title ?? t.name, description: t.description ?? t.uriTemplate, template: t })
    }
  }
  return items
}
