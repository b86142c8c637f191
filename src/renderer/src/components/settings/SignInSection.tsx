import { App, Button, Flex, Form, Input } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { SettingsSection } from './SettingsSection'
import { useGetSignInSettingsQuery, useSetSignInSettingsMutation } from '@renderer/store/settingsApi'

const ID = 'sign-in-client-metadata-url'

/**
 * Settings → Sign-in: the https URL of a client metadata document that names MCP Studio to the
 * authorization servers that take one; empty, the app registers itself with each (dynamically).
 */
export function SignInSection() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data, error: loadError, refetch } = useGetSignInSettingsQuery()
  const [save, { isLoading: saving }] = useSetSignInSettingsMutation()
  const [value, setValue] = useState('')
  const [error, setError] = useState<AppError>()
  useEffect(() => {
    if (data) setValue(data.clientMetadataUrl)
  }, [data])

  const submit = async () => {
    setError(undefined)
    try {
      await save({ clientMetadataUrl: value.trim() }).unwrap()
      void message.success(t('signInSettings.saved'))
    } catch (failure) {
      setError(describeError(failure))
    }
  }

  return (
    <SettingsSection
      testId="sign-in-section"
      title={t('signInSettings.title')}
      intro={t('signInSettings.intro')}
      loaded={!!data}
      loadError={loadError}
      onRetry={() => void refetch()}
      retryLabel={t('signInSettings.retry')}
    >
      {() => (
        <Form layout="vertical" onFinish={() => void submit()} style={{ margin: 0 }}>
          <Form.Item
            label={t('signInSettings.label')}
            htmlFor={ID}
            validateStatus={error ? 'error' : undefined}
            help={error ? <ErrorText error={error} testId={`${ID}-error`} /> : t('signInSettings.help')}
          >
            <Flex gap="small">
              <Input
                id={ID}
                data-testid={ID}
                value={value}
                placeholder="https://example.com/mcp-studio.json"
                onChange={(event) => setValue(event.target.value)}
                spellCheck={false}
                autoComplete="off"
              />
              <Button htmlType="submit" type="primary" loading={saving} disabled={value.trim() === data?.clientMetadataUrl} data-testid={`${ID}-save`}>
                {t('signInSettings.save')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      )}
    </SettingsSection>
  )
}
