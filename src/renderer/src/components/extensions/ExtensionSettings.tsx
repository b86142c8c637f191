import { Alert, App, Button, Card, Flex, Form, Spin, Typography } from 'antd'
import { SaveOutlined } from '@ant-design/icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExtensionUserConfig } from '@shared/mcp/extensions'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { UserConfigForm } from './UserConfigForm'
import { initialFormValues, toUserConfig, type FormValue } from './userConfigValues'

/**
 * An installed extension's settings (its user_config) in the editor: the same form as at install,
 * the stored values in it (sensitive ones masked: sent back untouched they keep what is stored).
 * Saved settings change what the server runs: main restarts a running one with them.
 */
export function ExtensionSettings({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, FormValue>>()
  const [config, setConfig] = useState<{ loaded: ExtensionUserConfig } | { error: AppError } | null>(null)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<AppError>()

  useEffect(() => {
    let current = true
    api.extensions.userConfig({ serverId: server.id }).then(
      (loaded) => current && setConfig({ loaded }),
      (error: unknown) => current && setConfig({ error: describeError(error) })
    )
    return () => {
      current = false
    }
  }, [api, server.id])

  if (config && 'loaded' in config && Object.keys(config.loaded.fields).length === 0) return null
  const save = async () => {
    if (!config || !('loaded' in config) || saving) return
    let values: Record<string, FormValue>
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setSaving(true)
    setSaveError(undefined)
    try {
      await api.extensions.setUserConfig({ serverId: server.id, values: toUserConfig(config.loaded.fields, values) })
      void message.success(t('extensionInstall.settingsSaved'))
    } catch (error) {
      setSaveError(describeError(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <div data-testid="extension-settings">
    <Card size="small" title={t('extensionInstall.settingsTitle')}>
      {!config ? (
        <Spin />
      ) : 'error' in config ? (
        <Alert type="error" showIcon title={t('extensionInstall.settingsLoadFailed')} description={<ErrorText error={config.error} />} />
      ) : (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('extensionInstall.settingsHelp')}</Typography.Text>
          <UserConfigForm form={form} fields={config.loaded.fields} initialValues={initialFormValues(config.loaded.fields, config.loaded.values)} />
          {saveError && <Alert type="error" showIcon data-testid="extension-settings-error" title={t('extensionInstall.settingsSaveFailed')} description={<ErrorText error={saveError} />} />}
          <Flex justify="end">
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="extension-settings-save">
              {t('extensionInstall.settingsSave')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
    </div>
  )
}
