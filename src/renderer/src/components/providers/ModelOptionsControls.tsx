import { App, Flex, Select, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { modelOptionsOf, type ModelOptions, type ToolMode } from '@shared/chat/chatSettings'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useChangeChatSettingsMutation, useGetChatSettingsQuery } from '@renderer/store/chatSettingsApi'

/**
 * One model's options, saved in main as soon as they change: whether it reads images (a tool
 * result's images are sent to it, else described), and how it calls tools (natively, or through
 * text in the prompt for a model without native tool calls).
 */
export function ModelOptionsControls({ providerId, model }: { providerId: string; model: string }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data } = useGetChatSettingsQuery()
  const [change, { isLoading }] = useChangeChatSettingsMutation()
  if (!data) return null
  const options = modelOptionsOf(data, providerId, model)
  const save = (next: Partial<ModelOptions>) =>
    change({ model: { providerId, model, options: { ...options, ...next } } })
      .unwrap()
      .catch((failure: unknown) => void message.error(t('modelOptions.saveFailed', { model, message: errorLine(t, describeError(failure)) })))

  return (
    // at the row's end, so each model's options line up under the others
    <Flex align="center" gap="middle" wrap style={{ marginLeft: 'auto' }} data-testid={`model-options-${model}`}>
      <Flex align="center" gap={6}>
        <Switch
          size="small"
          checked={options.images}
          disabled={isLoading}
          onChange={(images) => void save({ images })}
          aria-label={`${t('modelOptions.images')}: ${model}`}
          data-testid="model-options-images"
        />
        <Typography.Text type="secondary">{t('modelOptions.images')}</Typography.Text>
      </Flex>
      <Flex align="center" gap={6}>
        <Typography.Text type="secondary">{t('modelOptions.toolMode')}</Typography.Text>
        <Select<ToolMode>
          size="small"
          value={options.toolMode}
          disabled={isLoading}
          onChange={(toolMode) => void save({ toolMode })}
          options={[
            { value: 'native', label: t('modelOptions.native') },
            { value: 'prompt', label: t('modelOptions.prompt') }
          ]}
          style={{ minWidth: 150 }}
          aria-label={`${t('modelOptions.toolMode')}: ${model}`}
          data-testid="model-options-tool-mode"
        />
      </Flex>
    </Flex>
  )
}
