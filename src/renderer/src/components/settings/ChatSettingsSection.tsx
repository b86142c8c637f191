import { App, Button, Form, InputNumber } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_STEPS_RANGE, TOOL_RESULT_CHARS_RANGE } from '@shared/chat/chatSettings'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { SettingsSection } from './SettingsSection'
import { useChangeChatSettingsMutation, useGetChatSettingsQuery } from '@renderer/store/chatSettingsApi'

export const CHAT_SETTINGS_SECTION_ID = 'chat-settings'

/** Settings → Chat: how many model calls a turn may make, and how much of a tool result the model reads. */
export function ChatSettingsSection() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data, error: loadError, refetch } = useGetChatSettingsQuery()
  const [change, { isLoading: saving }] = useChangeChatSettingsMutation()
  const [maxSteps, setMaxSteps] = useState<number | null>(null)
  const [maxChars, setMaxChars] = useState<number | null>(null)
  const [error, setError] = useState<AppError>()
  useEffect(() => {
    if (!data) return
    setMaxSteps(data.maxSteps)
    setMaxChars(data.maxToolResultChars)
  }, [data])

  const changed = !!data && (maxSteps !== data.maxSteps || maxChars !== data.maxToolResultChars)
  const submit = async () => {
    setError(undefined)
    // an emptied field says so under itself; Save waits for a number
    if (maxSteps === null || maxChars === null) return
    try {
      await change({ maxSteps, maxToolResultChars: maxChars }).unwrap()
      void message.success(t('chatSettings.saved'))
    } catch (failure) {
      setError(describeError(failure))
    }
  }

  return (
    <SettingsSection
      id={CHAT_SETTINGS_SECTION_ID}
      testId="chat-settings-section"
      title={t('chatSettings.title')}
      intro={t('chatSettings.intro')}
      loaded={!!data}
      loadError={loadError}
      onRetry={() => void refetch()}
      retryLabel={t('chatSettings.retry')}
      retryTestId="chat-settings-retry"
      skeletonRows={2}
    >
      {() => (
        <Form layout="vertical" onFinish={() => void submit()} style={{ margin: 0, maxWidth: 520 }}>
          <Form.Item label={t('chatSettings.maxSteps')} htmlFor="chat-settings-max-steps" validateStatus={maxSteps === null ? 'error' : undefined}
            help={maxSteps === null ? t('chatSettings.required') : undefined}
            extra={t('chatSettings.maxStepsHelp', { min: MAX_STEPS_RANGE.min, max: MAX_STEPS_RANGE.max })}
          >
            <InputNumber id="chat-settings-max-steps" data-testid="chat-settings-max-steps" min={MAX_STEPS_RANGE.min} max={MAX_STEPS_RANGE.max} precision={0} value={maxSteps} onChange={setMaxSteps} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label={t('chatSettings.maxChars')}
            htmlFor="chat-settings-max-chars"
            validateStatus={maxChars === null ? 'error' : undefined}
            help={maxChars === null ? t('chatSettings.required') : undefined}
            extra={t('chatSettings.maxCharsHelp', { min: TOOL_RESULT_CHARS_RANGE.min.toLocaleString(), max: TOOL_RESULT_CHARS_RANGE.max.toLocaleString() })}
          >
            <InputNumber
              id="chat-settings-max-chars"
              data-testid="chat-settings-max-chars"
              min={TOOL_RESULT_CHARS_RANGE.min}
              max={TOOL_RESULT_CHARS_RANGE.max}
              step={10_000}
              precision={0}
              value={maxChars}
              onChange={setMaxChars}
              style={{ width: 200 }}
            />
          </Form.Item>
          {error && <ErrorText error={error} testId="chat-settings-error" />}
          <Button htmlType="submit" type="primary" loading={saving} disabled={!changed || maxSteps === null || maxChars === null} data-testid="chat-settings-save" style={{ marginTop: 8 }}>
            {t('chatSettings.save')}
          </Button>
        </Form>
      )}
    </SettingsSection>
  )
}
