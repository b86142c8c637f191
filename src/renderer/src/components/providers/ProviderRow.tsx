import { DeleteOutlined, EditOutlined, KeyOutlined, LockOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Flex, Popconfirm, Tag, Tooltip, Typography, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ModelRef, ProviderView } from '@shared/chat/providers'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useRemoveProviderMutation } from '@renderer/store/providersApi'
import { ProviderModels } from './ProviderModels'

/**
 * One provider: its name, address, whether a key is set, its models with the default marked.
 * One from the environment is read-only; one whose saved key cannot be used says so and what to do.
 */
export function ProviderRow({ provider, defaultModel, onEdit }: { provider: ProviderView; defaultModel?: ModelRef; onEdit: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [remove, { isLoading: removing }] = useRemoveProviderMutation()
  const fromEnv = provider.source === 'env'

  const confirmRemove = () =>
    remove(provider.id)
      .unwrap()
      .then(
        () => void message.success(t('providers.row.removed', { name: provider.name })),
        (failure: unknown) => void message.error(t('providers.row.removeFailed', { name: provider.name, message: errorLine(t, describeError(failure)) }))
      )

  const title = (
    <Flex align="center" gap="small" wrap>
      <span>{provider.name}</span>
      <Tag icon={<KeyOutlined />} color={provider.hasKey ? 'blue' : 'default'} data-testid="provider-key-state" data-has-key={provider.hasKey}>
        {provider.hasKey ? t('providers.row.hasKey') : t('providers.row.noKey')}
      </Tag>
      <Tag data-testid="provider-kind-tag" data-kind={provider.kind}>
        {t(`providers.form.kinds.${provider.kind}`)}
      </Tag>
      <Tag data-testid="provider-model-count">{t('providers.row.modelCount', { count: provider.models.length })}</Tag>
      {fromEnv && (
        <Tooltip title={t('providers.row.fromEnvHint')}>
          <Tag icon={<LockOutlined />} color="purple" tabIndex={0} data-testid="provider-from-env">
            {t('providers.row.fromEnv')}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  )
  const actions = fromEnv ? null : (
    <Flex gap="small">
      <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`${t('providers.row.edit')}: ${provider.name}`} data-testid="provider-edit">
        {t('providers.row.edit')}
      </Button>
      <Popconfirm
        title={t('providers.row.removeTitle', { name: provider.name })}
        description={<div style={{ maxWidth: 320 }}>{t('providers.row.removeBody')}</div>}
        okText={t('providers.row.removeOk')}
        cancelText={t('providers.row.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'provider-remove-confirm' } as ButtonProps}
        onConfirm={confirmRemove}
      >
        <Button danger icon={<DeleteOutlined />} loading={removing} aria-label={`${t('providers.row.remove')}: ${provider.name}`} data-testid="provider-remove">
          {t('providers.row.remove')}
        </Button>
      </Popconfirm>
    </Flex>
  )

  return (
    <Card size="small" title={title} extra={actions} data-testid={`provider-row-${provider.id}`} data-source={provider.source}>
      <Flex vertical gap="small">
        <Typography.Text type="secondary" copyable={{ text: provider.baseUrl }} data-testid="provider-base-url-text">
          {provider.baseUrl}
        </Typography.Text>
        {fromEnv && !provider.problem && <Typography.Text type="secondary">{t('providers.row.fromEnvHint')}</Typography.Text>}
        {provider.problem && (
          <Alert
            type="error"
            showIcon
            title={t('providers.row.problemTitle')}
            description={
              <Flex vertical gap={2}>
                <span>{fromEnv ? t('providers.row.fromEnvHint') : t('providers.row.problemFix')}</span>
                <Typography.Text type="secondary">{provider.problem}</Typography.Text>
              </Flex>
            }
            action={
              fromEnv ? undefined : (
                <Button size="small" onClick={onEdit} data-testid="provider-problem-edit">
                  {t('providers.row.edit')}
                </Button>
              )
            }
            data-testid="provider-problem"
          />
        )}
        <ProviderModels provider={provider} defaultModel={defaultModel} />
      </Flex>
    </Card>
  )
}
