import { PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ProviderView } from '@shared/chat/providers'
import { describeError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useListProvidersQuery } from '@renderer/store/providersApi'
import { ProviderRow } from './ProviderRow'

/** The providers main has: loading, a failure with Retry, none yet (with Add), or one card each. */
export function ProviderList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (provider: ProviderView) => void }) {
  const { t } = useTranslation()
  const { data, error, isLoading, isFetching, refetch } = useListProvidersQuery()

  if (isLoading) {
    return (
      <Flex align="center" gap="small" data-testid="providers-loading">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('providers.loading')}</Typography.Text>
      </Flex>
    )
  }
  if (error || !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('providers.loadFailed')}
        description={error ? <ErrorText error={describeError(error)} /> : null}
        action={
          <Button onClick={() => void refetch()} loading={isFetching} data-testid="providers-retry">
            {t('providers.retry')}
          </Button>
        }
        data-testid="providers-load-error"
      />
    )
  }
  return (
    <Flex vertical gap="middle" data-testid="provider-list">
      {data.notice && <Alert type="warning" showIcon title={t('providers.notice', { keptAs: data.notice.keptAs, detail: data.notice.detail })} data-testid="providers-notice" />}
      {data.providers.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="providers-empty"
          description={
            <>
              <Typography.Text strong>{t('providers.empty.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('providers.empty.body')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="providers-empty-add">
            {t('providers.add')}
          </Button>
        </Empty>
      ) : (
        data.providers.map((provider) => <ProviderRow key={provider.id} provider={provider} defaultModel={data.defaultModel} onEdit={() => onEdit(provider)} />)
      )}
    </Flex>
  )
}
