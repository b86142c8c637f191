import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons'
import { Button, Result, Spin } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useServerActions } from '@renderer/hooks/useServerActions'
import type { ServerStatusView } from '@renderer/components/servers/statusView'
import { SignInButton } from '@renderer/components/oauth/SignInButton'

/** In place of a tab that needs a live connection: why there is none, and the way to get one. */
export function NotConnected({ server, status }: { server: McpServer; status: ServerStatusView }) {
  const { t } = useTranslation()
  const actions = useServerActions()
  const [busy, setBusy] = useState(false)
  const act = (job: () => Promise<unknown>) => {
    setBusy(true)
    void job().finally(() => setBusy(false))
  }
  if (status.status === 'connecting') {
    return (
      <Result data-testid="editor-not-connected" icon={<Spin />} title={t('editor.notConnected.connecting', { name: server.name })} />
    )
  }
  if (status.status === 'needsSignIn') {
    return (
      <Result
        data-testid="editor-not-connected"
        status="warning"
        title={t('servers.oauth.needsSignInTitle', { name: server.name })}
        subTitle={t('servers.oauth.needsSignInHint')}
        extra={<SignInButton server={server} />}
      />
    )
  }
  // the reason and Retry are above the tabs (ServerFailure), shown on every tab
  if (status.status === 'error') {
    return <Result data-testid="editor-not-connected" status="error" title={t('editor.notConnected.failed', { name: server.name })} />
  }
  return (
    <Result
      data-testid="editor-not-connected"
      status="info"
      title={t('editor.notConnected.stopped', { name: server.name })}
      subTitle={t('editor.notConnected.hint')}
      extra={
        // a server waiting for approval is started by approving it
        server.isActive && status.status !== 'needsApproval' ? (
          <Button icon={<ReloadOutlined />} loading={busy} onClick={() => act(() => actions.retry(server))} data-testid="editor-retry">
            {t('servers.actions.retry')}
          </Button>
        ) : (
          <Button type="primary" icon={<PlayCircleOutlined />} loading={busy} onClick={() => act(() => actions.start(server))} data-testid="editor-start">
            {t('editor.notConnected.start')}
          </Button>
        )
      }
    />
  )
}
