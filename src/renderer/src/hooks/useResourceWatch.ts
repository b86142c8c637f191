import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { errorMessage } from '@renderer/hooks/useServerLists'
import { useServerSession } from '@renderer/hooks/useServerSession'
import { useWatchResourceMutation } from '@renderer/store/mainApi'

const NONE: readonly string[] = []

/**
 * The Watch switches: what main's session watches (resources/subscribe). A subscription lasts
 * until the user switches it off or the server's session ends; leaving the tab changes nothing.
 * `supported` is false only once the server is known to offer no subscriptions.
 */
export function useResourceWatch(server: McpServer) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const session = useServerSession(server.id)
  const [watchResource] = useWatchResourceMutation()
  const watched = session?.subscriptions ?? NONE
  const supported = !session?.connected || Boolean(session.capabilities?.resources?.subscribe)

  const toggle = async (uri: string, on: boolean) => {
    try {
      await watchResource({ serverId: server.id, uri, on }).unwrap()
    } catch (error) {
      void message.error(t('resources.subscribeFailed', { message: errorMessage(error) }))
    }
  }
  return { watched, supported, toggle }
}
