import { Result, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { installLinkFromLocation } from '@renderer/components/installLinks/useInstallLinks'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/**
 * Browser mode opened without the session token: nothing of the app can work, and an empty
 * server list would make a user think their servers are gone. Only how to get a working link.
 */
export function NoSessionPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('session.title'))
  return (
    <Result
      status="warning"
      title={t('session.title')}
      data-testid="no-session"
      subTitle={
        <>
          {/* an install link opened in a new tab: the servers it proposes are shown in the app's own tab */}
          {installLinkFromLocation(window.location) && (
            <Typography.Paragraph strong data-testid="no-session-install-link">
              {t('installLink.noSession')}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph>{t('session.why')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('session.printed')} <Typography.Text code>MCP Studio running at http://127.0.0.1:…/#token=…</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph>
            {t('session.restart')} <Typography.Text code>npm run start:browser</Typography.Text>
          </Typography.Paragraph>
        </>
      }
    />
  )
}
