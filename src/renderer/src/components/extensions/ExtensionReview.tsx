import { Alert, App, Button, Checkbox, Divider, Flex, Form, Modal } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExtensionPreview } from '@shared/mcp/extensions'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { ExtensionPreviewView } from './ExtensionPreviewView'
import { UserConfigForm } from './UserConfigForm'
import { initialFormValues, toUserConfig, type FormValue } from './userConfigValues'

/**
 * A staged extension for the user's decision: the preview, an explicit confirm for an invalid
 * signature, its settings, then Install (which main refuses, still staged, when a setting is wrong).
 */
export function ReviewStep({ preview, onCancel, onInstalled }: { preview: ExtensionPreview; onCancel: () => void; onInstalled: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, FormValue>>()
  const initialValues = useMemo(() => initialFormValues(preview.userConfig), [preview.userConfig])
  const [acceptInvalid, setAcceptInvalid] = useState(false)
  const [installing, setInstalling] = useState(false)
  const [error, setError] = useState<AppError>()
  const invalid = preview.signature.status === 'invalid'
  const blocked = !preview.compatibility.ok || (invalid && !acceptInvalid)
  const hasConfig = Object.keys(preview.userConfig).length > 0

  const install = async () => {
    if (blocked || installing) return
    let values: Record<string, FormValue>
    try {
      // a form that is not shown (no settings) has nothing to check, and must not be asked
      values = hasConfig ? await form.validateFields() : {}
    } catch {
      return // the form marks what is missing
    }
    setInstalling(true)
    setError(undefined)
    try {
      // installing approves what the dialog showed (main asks natively first where it can); main
      // then starts the server if it is switched on
      const server = await api.extensions.install({
        stageId: preview.stageId,
        userConfig: toUserConfig(preview.userConfig, values),
        ...(invalid ? { acceptInvalidSignature: acceptInvalid } : {})
      })
      void message.success(t('extensionInstall.installed', { name: server.name }))
      onInstalled()
    } catch (failure) {
      // still staged: the user can fix a setting and install again
      setError(describeError(failure))
    } finally {
      setInstalling(false)
    }
  }

  return (
    <Modal
      open
      title={t('extensionInstall.title')}
      onCancel={onCancel}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="extension-cancel">
          {t('extensionInstall.cancel')}
        </Button>,
        <Button key="install" type="primary" disabled={blocked} loading={installing} onClick={() => void install()} data-testid="extension-install">
          {preview.replaces ? t('extensionInstall.update') : t('extensionInstall.install')}
        </Button>
      ]}
    >
      <Flex vertical gap="middle" data-testid="extension-dialog" data-step="review">
        <ExtensionPreviewView preview={preview} />
        {invalid && (
          <Checkbox checked={acceptInvalid} onChange={(e) => setAcceptInvalid(e.target.checked)} data-testid="extension-accept-invalid">
            {t('extensionInstall.acceptInvalid')}
          </Checkbox>
        )}
        {hasConfig && (
          <>
            <Divider titlePlacement="start" style={{ margin: 0 }}>
              {t('extensionInstall.settings')}
            </Divider>
            <UserConfigForm form={form} fields={preview.userConfig} initialValues={initialValues} />
          </>
        )}
        {error && <Alert type="error" showIcon data-testid="extension-install-error" title={t('extensionInstall.installFailed')} description={<ErrorText error={error} />} />}
      </Flex>
    </Modal>
  )
}
