import { Spin } from 'antd'
import { lazy, Suspense } from 'react'
import { usePageRoute } from '@renderer/hooks/usePageRoute'
import { ServersPage } from '@renderer/pages/ServersPage'

// the servers page is the landing page and loads with the window; the others when first opened
const ChatPage = lazy(() => import('@renderer/pages/ChatPage').then((m) => ({ default: m.ChatPage })))
const ProvidersPage = lazy(() => import('@renderer/pages/ProvidersPage').then((m) => ({ default: m.ProvidersPage })))
const SettingsPage = lazy(() => import('@renderer/pages/SettingsPage').then((m) => ({ default: m.SettingsPage })))

/** The main window: the page the URL fragment names (see usePageRoute). */
export function App() {
  const [route] = usePageRoute()
  let page
  if (route.page === 'chat') page = <ChatPage chatId={route.chatId} />
  else if (route.page === 'models') page = <ProvidersPage />
  else if (route.page === 'settings') page = <SettingsPage />
  else page = <ServersPage />
  return <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '64px auto' }} />}>{page}</Suspense>
}
