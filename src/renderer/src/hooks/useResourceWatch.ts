import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { errorMessage } from '@renderer/hooks/useServerLists'
import { useServerSession } from '@renderer/hooks/useServerSession'

const NONE: readonly string[] = []

/**
 * The Watch switches: what main's session watches (resources/subscribe). A subscription lasts
 * until the user switches it off or the server's session ends; leaving the tab changes nothing.
 * `supported` is false only once the server is known to offer no subscriptions.
 */
export function useResourceWatch(server: McpServer) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const { session, refresh } = useServerSession(server.id)
  const watched = session?.subscriptions ?? NONE
  const supported = !session?.connected || Boolean(session.capabilities?.resources?.subscribe)

  const toggle = async (uri: string, on: boolean) => {
    try {
      if (on) await api.mcp.subscribeResource({ serverId: server.id, uri })
      else await api.mcp.unsubscribeResource({ serverId: server.id, uri })
      refresh()
    } catch (error) {
      void message.error(t('resources.subscribeFailed', { message: errorMessage(error) }))
    }
  }
  return { watched, supported, toggle }
}
