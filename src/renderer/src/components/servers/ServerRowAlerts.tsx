import { Alert, Button, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { ServerFailure } from '@renderer/components/errors/ServerFailure'
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
    // main names the scope the server asked for (a step-up): the user sees what the sign-in is for
    const scope = /asks for the scope "([^"]+)"/.exec(view.error?.message ?? '')?.[1]
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: token.marginSM }}
        data-testid="server-needs-sign-in"
        title={t('servers.oauth.needsSignInTitle', { name: server.name })}
        description={scope ? `${t('servers.oauth.needsSignInHint')} ${t('servers.oauth.asksForScope', { scope })}` : t('servers.oauth.needsSignInHint')}
        action={<SignInButton server={server} size="small" />}
      />
    )
  }
  return (
    <ServerFailure
      server={server}
      view={view}
      onRetry={onRetry}
      testId="server-error"
      retryTestId="server-retry"
      style={{ marginTop: token.marginSM }}
    />
  )
}
