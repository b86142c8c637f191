import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Typography } from 'antd'
import { useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import type { ServerStatusView } from '@renderer/components/servers/statusView'
import { RuntimesLink } from '@renderer/components/runtimes/RuntimesLink'
import { ErrorText } from './ErrorText'

export interface ServerFailureProps {
  server: Pick<McpServer, 'name'>
  /** a failed server's view: main's code and detail, and when main tries again */
  view: ServerStatusView
  onRetry: () => Promise<unknown> | void
  /** the list row's and the editor's own test ids */
  testId: string
  retryTestId: string
  style?: CSSProperties
}

/**
 * Why a server failed, wherever it is shown (its list row, every tab of its editor): the sentence
 * for main's code in the UI language, main's detail beneath, when main tries again, and Retry.
 */
export function ServerFailure({ server, view, onRetry, testId, retryTestId, style }: ServerFailureProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  if (view.status !== 'error' || !view.error) return null
  const retry = () => {
    const job = onRetry()
    if (!job) return
    setBusy(true)
    void job.finally(() => setBusy(false))
  }
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      data-testid={testId}
      title={t('servers.errorTitle', { name: server.name })}
      description={
        <>
          <ErrorText error={view.error} />
          {view.error.code === 'RUNTIME_MISSING' ? <RuntimesLink /> : null}
          {view.retryAt ? <RetryTime at={view.retryAt} /> : null}
        </>
      }
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={busy} onClick={retry} data-testid={retryTestId}>
          {t('servers.actions.retry')}
        </Button>
      }
    />
  )
}

/** When main tries again a server that ended on its own. */
function RetryTime({ at }: { at: number }) {
  const { t } = useTranslation()
  return (
    <Typography.Text type="secondary" data-testid="server-retry-at" data-at={at}>
      {t('servers.retryingAt', { time: new Date(at).toLocaleTimeString() })}
    </Typography.Text>
  )
}
