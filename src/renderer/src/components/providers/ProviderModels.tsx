import { CheckCircleFilled, CloudDownloadOutlined } from '@ant-design/icons'
import { Alert, App, Button, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ModelRef, ProviderView } from '@shared/chat/providers'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useListModelsMutation, useSetDefaultModelMutation } from '@renderer/store/providersApi'
import { ModelOptionsControls } from './ModelOptionsControls'

/**
 * A provider's models, the default one marked, each of the others with "Set as default", each
 * with its options (takes images, how it calls tools). The
 * environment's provider keeps no list of its own: Fetch models asks it (with its key, in main).
 */
export function ProviderModels({ provider, defaultModel }: { provider: ProviderView; defaultModel?: ModelRef }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [setDefault, { isLoading, originalArgs }] = useSetDefaultModelMutation()
  const [listModels, listed] = useListModelsMutation()
  const fromEnv = provider.source === 'env'
  const models = [...new Set([...provider.models, ...(listed.data ?? [])])]

  const choose = (model: string) =>
    setDefault({ providerId: provider.id, model })
      .unwrap()
      .then(
        () => void message.success(t('providers.row.defaultSet', { model })),
        (failure: unknown) => void message.error(t('providers.row.defaultFailed', { message: errorLine(t, describeError(failure)) }))
      )

  const fetchButton = fromEnv && !provider.problem && (
    <div>
      <Button size="small" icon={<CloudDownloadOutlined />} loading={listed.isLoading} onClick={() => void listModels({ providerId: provider.id })} data-testid="provider-row-fetch-models">
        {t('providers.form.fetch')}
      </Button>
    </div>
  )
  return (
    <Flex vertical gap="small">
      {models.length === 0 && <Typography.Text type="secondary">{fromEnv ? t('providers.row.envNoModels') : t('providers.row.noModels')}</Typography.Text>}
      {fetchButton}
      {listed.error && <Alert type="error" showIcon title={t('providers.form.fetchFailed')} description={<ErrorText error={describeError(listed.error)} />} data-testid="provider-row-fetch-error" />}
      {models.length > 0 && (
        <Flex vertical gap={4} role="list">
          {models.map((model) => {
            const isDefault = defaultModel?.providerId === provider.id && defaultModel.model === model
            return (
              <Flex key={model} role="listitem" align="center" gap="small" wrap data-testid={`provider-model-${model}`} data-default={isDefault}>
                <Typography.Text code>{model}</Typography.Text>
                {isDefault ? (
                  <Tag color="success" icon={<CheckCircleFilled />} title={t('providers.row.defaultFor')} data-testid="provider-model-default">
                    {t('providers.row.default')}
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    type="link"
                    loading={isLoading && originalArgs?.providerId === provider.id && originalArgs.model === model}
                    onClick={() => void choose(model)}
                    aria-label={`${t('providers.row.setDefault')}: ${model}`}
                    data-testid="provider-model-set-default"
                  >
                    {t('providers.row.setDefault')}
                  </Button>
                )}
                <ModelOptionsControls providerId={provider.id} model={model} />
              </Flex>
            )
          })}
        </Flex>
      )}
    </Flex>
  )
}
