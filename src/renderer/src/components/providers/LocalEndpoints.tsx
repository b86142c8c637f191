import { DesktopOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Spin, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { describeError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useListProvidersQuery, useProbeLocalQuery } from '@renderer/store/providersApi'
import { useAddLocalEndpoint } from './useAddLocalEndpoint'

const plain = (url: string) => url.replace(/\/+$/, '')

/**
 * The model servers main found on this computer (Ollama, LM Studio, llama.cpp, vLLM on their
 * usual ports), each with one-click Add, or "Added" when a provider already uses its address;
 * Scan again looks once more (a server started since).
 */
export function LocalEndpoints() {
  const { t } = useTranslation()
  const probe = useProbeLocalQuery()
  const { data: snapshot } = useListProvidersQuery()
  const [add, adding] = useAddLocalEndpoint()
  const taken = new Set(snapshot?.providers.map((p) => plain(p.baseUrl)))
  const scanning = probe.isFetching

  const rescan = (
    <Button size="small" icon={<ReloadOutlined />} loading={scanning} onClick={() => void probe.refetch()} data-testid="local-endpoints-rescan">
      {t('providers.local.rescan')}
    </Button>
  )
  let body
  if (scanning) {
    body = (
      <Flex align="center" gap="small" data-testid="local-endpoints-scanning">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('providers.local.scanning')}</Typography.Text>
      </Flex>
    )
  } else if (probe.error) {
    body = <Alert type="error" showIcon title={t('providers.local.failed')} description={<ErrorText error={describeError(probe.error)} />} data-testid="local-endpoints-error" />
  } else if (!probe.data?.length) {
    body = (
      <Typography.Text type="secondary" data-testid="local-endpoints-none">
        {t('providers.local.none')}
      </Typography.Text>
    )
  } else {
    body = (
      <Flex vertical gap="small" role="list">
        {probe.data.map((endpoint) => (
          <Flex key={endpoint.presetId} role="listitem" align="center" justify="space-between" gap="small" wrap data-testid={`local-endpoint-${endpoint.presetId}`}>
            <Flex vertical>
              <Typography.Text strong>{t('providers.local.models', { name: endpoint.name, count: endpoint.models.length })}</Typography.Text>
              <Typography.Text type="secondary">{endpoint.baseUrl}</Typography.Text>
            </Flex>
            {taken.has(plain(endpoint.baseUrl)) ? (
              <Tag color="success" data-testid="local-endpoint-added">
                {t('providers.local.added')}
              </Tag>
            ) : (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                loading={adding === endpoint.baseUrl}
                onClick={() => void add(endpoint)}
                aria-label={t('providers.local.addName', { name: endpoint.name })}
                data-testid="local-endpoint-add"
              >
                {t('providers.local.add')}
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
    )
  }

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap="small">
          <DesktopOutlined />
          {t('providers.local.title')}
        </Flex>
      }
      extra={rescan}
      data-testid="local-endpoints"
    >
      {body}
    </Card>
  )
}
