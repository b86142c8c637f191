import { Spin } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { EDITOR_TABS, type EditorTab } from '@renderer/components/editor/editorTabs'
import { ExtensionInstallProvider } from '@renderer/components/extensions/ExtensionInstallProvider'
import { InstallLinks } from '@renderer/components/installLinks/InstallLinks'
import { ServerNotFound } from '@renderer/components/editor/ServerNotFound'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { ServerList } from '@renderer/components/servers/ServerList'
import { ServerPageProvider } from '@renderer/components/servers/ServerPageProvider'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'
import { DEFAULT_EDITOR_TAB, useServersRoute } from '@renderer/hooks/useServersRoute'
import { useServers } from '@renderer/hooks/useServers'

// the editor (its tabs, the tool runner, the schema form) loads when a server is first opened,
// so the list shows without waiting for it
const ServerEditor = lazy(() => import('@renderer/components/editor/ServerEditor').then((m) => ({ default: m.ServerEditor })))

/** "New server", "New server (2)", … a name no server uses yet. */
function newServerName(base: string, servers: McpServer[]): string {
  const taken = new Set(servers.map((s) => s.name.toLowerCase()))
  if (!taken.has(base.toLowerCase())) return base
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`.toLowerCase())) return `${base} (${n})`
}

/** The main window's page: the configured MCP servers, or one of them in the editor. */
export function ServersPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('app.name'))
  const servers = useServers()
  const [route, navigate] = useServersRoute()
  const makeDraft = (): McpServer => ({
    id: crypto.randomUUID(),
    name: newServerName(t('editor.newServerName'), servers),
    type: 'stdio',
    command: '',
    isActive: false,
    installSource: 'manual'
  })
  const [draft, setDraft] = useState<McpServer | null>(null)
  // a reload on #new gets one draft, kept through language changes and re-renders
  const [reloadDraft] = useState(makeDraft)
  const newDraft = draft ?? reloadDraft

  const toList = () => {
    setDraft(null)
    navigate({ view: 'list' })
  }
  const open = (serverId: string, tab: string = DEFAULT_EDITOR_TAB) => navigate({ view: 'editor', serverId, tab })
  const create = () => {
    setDraft(makeDraft())
    navigate({ view: 'new' })
  }

  let content
  if (route.view === 'list') {
    content = <ServerList onOpen={open} onCreate={create} />
  } else if (route.view === 'new') {
    content = (
      <ServerEditor
        key={newDraft.id}
        server={newDraft}
        isNew
        tab="general"
        onTabChange={() => undefined}
        onBack={toList}
        onCreated={(id) => {
          setDraft(null)
          navigate({ view: 'editor', serverId: id, tab: DEFAULT_EDITOR_TAB }, { replace: true })
        }}
      />
    )
  } else {
    const server = servers.find((s) => s.id === route.serverId)
    const tab = (EDITOR_TABS as readonly string[]).includes(route.tab) ? (route.tab as EditorTab) : 'general'
    content = server ? (
      <ServerEditor
        key={server.id}
        server={server}
        isNew={false}
        tab={tab}
        onTabChange={(next) => navigate({ view: 'editor', serverId: server.id, tab: next }, { replace: true })}
        onBack={toList}
        onCreated={() => undefined}
      />
    ) : (
      <ServerNotFound onBack={toList} />
    )
  }

  return (
    <AppLayout current="servers" title={t('servers.title')}>
      <ServerPageProvider>
        <ExtensionInstallProvider>
          <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>
            {content}
          </Suspense>
          <InstallLinks />
        </ExtensionInstallProvider>
      </ServerPageProvider>
    </AppLayout>
  )
}
