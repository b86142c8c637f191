import { Button, Flex, Result, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import type { AppError } from '@renderer/components/errors/describeError'

/**
 * Before main's list arrived: a spinner, never "no servers" (which would make a user think their
 * servers are gone); if main could not be asked, why, with a retry.
 */
export function ServerListLoading({ error, onRetry }: { error?: AppError; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap="middle" data-testid="server-list-pending">
      {error ? (
        <Result
          status="error"
          title={t('servers.loadFailedTitle')}
          subTitle={<ErrorText error={error} />}
          data-testid="server-list-load-error"
          extra={
            <Button type="primary" onClick={onRetry} data-testid="server-list-retry">
              {t('servers.loadRetry')}
            </Button>
          }
        />
      ) : (
        <Spin size="large" description={t('servers.loading')} data-testid="server-list-loading">
          <div style={{ height: 120 }} />
        </Spin>
      )}
    </Flex>
  )
}
