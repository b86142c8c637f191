import { App } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useStore } from 'react-redux'
import type { McpServer } from '@shared/mcp/server'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { pageAsksFirst } from '@renderer/components/servers/approval'
import { useServerPage } from '@renderer/components/servers/serverPageContext'
import type { RootState } from '@renderer/store'
import { mainApi } from '@renderer/store/mainApi'
import { selectIsApproved } from '@renderer/store/serverSelectors'
import { useAppDispatch } from './useStore'

export interface ServerActions {
  /** switches it on, approved first where it needs it; false when the user declined */
  start(server: McpServer): Promise<boolean>
  /** switches it off: main stops it */
  stop(server: McpServer): Promise<void>
  /** asks main to start it again now (after a failure) */
  retry(server: McpServer): Promise<void>
  remove(server: McpServer): Promise<void>
  /**
   * Approves what the user typed in the editor (no page dialog: they saw the command as they wrote
   * it; Electron's native dialog may still refuse). True when main holds the approval.
   */
  approveTyped(server: McpServer): Promise<boolean>
}

/**
 * What the user does to a server, as calls to main. Main owns each server's life: it starts one
 * that is switched on and approved, stops one switched off, and reports every state; nothing
 * here sets a state. A refusal is shown as a message; the server's state tells the rest.
 */
export function useServerActions(): ServerActions {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const dispatch = useAppDispatch()
  const store = useStore<RootState>()
  const { logs, askApproval } = useServerPage()

  return useMemo(() => {
    const { endpoints } = mainApi
    // untracked: only the cache (through main's events) keeps what a call changed
    const update = (server: McpServer, isActive: boolean) =>
      dispatch(endpoints.updateServer.initiate({ serverId: server.id, changes: { isActive } }, { track: false })).unwrap()
    const approve = (server: McpServer) => dispatch(endpoints.approveServers.initiate([server.id], { track: false })).unwrap()
    const approved = (server: McpServer) => selectIsApproved(store.getState(), server.id)
    const appMode = async () => {
      const info = dispatch(endpoints.getAppInfo.initiate())
      try {
        return (await info.unwrap()).mode
      } catch {
        // unknown: the page shows the command itself, as in browser mode
        return 'browser' as const
      } finally {
        info.unsubscribe()
      }
    }
    const failed = (server: McpServer, error: unknown) =>
      void message.error(t('servers.actionFailed', { name: server.name, message: errorLine(t, describeError(error)) }))

    return {
      async start(server) {
        try {
          if (!approved(server)) {
            // browser mode shows a command the user did not type; Electron's main asks natively
            if (pageAsksFirst(server, await appMode()) && !(await askApproval(server))) return false
            if (!(await approve(server))) return false
          }
          if (!server.isActive) await update(server, true)
          return true
        } catch (error) {
          failed(server, error)
          return false
        }
      },
      async stop(server) {
        await update(server, false).catch((error: unknown) => failed(server, error))
      },
      async retry(server) {
        // a failure is main's to report: the server's state shows it
        await dispatch(endpoints.restartServer.initiate(server.id, { track: false }))
      },
      async remove(server) {
        try {
          await dispatch(endpoints.removeServer.initiate(server.id, { track: false })).unwrap()
          logs.remove(server.id)
        } catch (error) {
          failed(server, error)
        }
      },
      async approveTyped(server) {
        return approved(server) || approve(server)
      }
    }
  }, [dispatch, store, logs, askApproval, message, t])
}
