import { useRef, useState } from 'react'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ElicitationResponse, SamplingResponse } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'
import { useServerRequestQueue, type ServerRequest } from '@renderer/hooks/useServerRequestQueue'
import { ElicitationDialog } from './ElicitationDialog'
import { SamplingDialog } from './SamplingDialog'

/**
 * The dialogs for what servers ask of the user, mounted once at the app root. One
 * request is on screen at a time; the others wait in arrival order behind it ("1 of 3").
 */
export function ServerRequestDialogs() {
  const api = useApi()
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  // a double click must not answer twice (the second would be told "no longer waiting")
  const answering = useRef(false)

  const notify = (text: string) => void message.warning({ content: <span data-testid="server-request-notice">{text}</span> })
  const { requests, remove, isQueued } = useServerRequestQueue((request, outcome) =>
    notify(t(outcome === 'timeout' ? 'dialogs.request.timedOut' : 'dialogs.request.cancelled', { server: request.event.serverName }))
  )

  const current = requests[0]
  if (!current) return null

  const answer = async (request: ServerRequest, send: () => Promise<boolean>) => {
    if (answering.current) return
    answering.current = true
    const server = request.event.serverName
    setBusy(true)
    try {
      // false: it ended in the meantime; unless its done event already told the user why, say so
      if (!(await send()) && isQueued(request.event.requestId)) notify(t('dialogs.request.noLongerWaiting', { server }))
      remove(request.event.requestId)
    } catch (error) {
      // the answer did not reach main: keep the dialog so the user can try again
      void message.error(t('dialogs.request.answerFailed', { server, message: error instanceof Error ? error.message : String(error) }))
    } finally {
      answering.current = false
      setBusy(false)
    }
  }

  const place = { position: 1, total: requests.length }
  const { requestId } = current.event
  return current.kind === 'elicitation' ? (
    <ElicitationDialog
      key={requestId}
      event={current.event}
      busy={busy}
      {...place}
      onAnswer={(response: ElicitationResponse) => void answer(current, () => api.mcp.respondElicitation({ requestId, response }))}
    />
  ) : (
    <SamplingDialog
      key={requestId}
      event={current.event}
      busy={busy}
      {...place}
      onAnswer={(response: SamplingResponse) => void answer(current, () => api.mcp.respondSampling({ requestId, response }))}
    />
  )
}
