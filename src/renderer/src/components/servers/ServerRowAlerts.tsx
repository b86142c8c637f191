import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, theme, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { SignInButton } from '@renderer/components/oauth/SignInButton'
import type { ServerStatusView } from './statusView'

export interface ServerRowAlertsProps {
  server: McpServer
  view: ServerStatusView
  onReview: () => void
  onRetry: () => void
}

/** Under a row, what needs the user: approval before the first start, or why it failed. */
export function ServerRowAlerts({ server, view, onReview, onRetry }: ServerRowAlertsProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  if (view.status === 'needsApproval') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: token.marginSM }}
        data-testid="server-needs-approval"
        title={t('servers.needsApprovalHint')}
        action={
          <Button size="small" onClick={onReview} data-testid="server-review">
            {t('servers.actions.review')}
          </Button>
        }
      />
    )
  }
  if (view.status === 'needsSignIn') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: token.marginSM }}
        data-testid="server-needs-sign-in"
        title={t('servers.oauth.needsSignInTitle', { name: server.name })}
        description={t('servers.oauth.needsSignInHint')}
        action={<SignInButton server={server} size="small" />}
      />
    )
  }
  if (view.status !== 'error' || !view.error) return null
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: token.marginSM }}
      data-testid="server-error"
      title={t('servers.errorTitle', { name: server.name })}
      description={
        <>
          <ErrorText error={view.error} />
          {view.retryAt ? <RetryTime at={view.retryAt} /> : null}
        </>
      }
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry} data-testid="server-retry">
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
