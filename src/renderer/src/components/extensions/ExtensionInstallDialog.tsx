import { UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OpenedExtensionFile } from '@shared/mcp/extensions'
import type { AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { ReviewStep } from './ExtensionReview'
import { EXTENSION_FILE_TYPES, isExtensionFile } from './readArchive'
import type { RegistryBundleRef } from './registryBundleRef'
import { useExtensionStage } from './useExtensionStage'

/**
 * Installing a desktop extension: choose (or drop) a .mcpb/.dxt file, see what it is,
 * who signed it and the full command it will run, fill in its settings, Install. Cancel, at any
 * step, leaves nothing staged. Shown while mounted; `file`: one dropped on the window; `opened`: one
 * the operating system opened the app with (a double-click), which main reads; `bundle`: an MCP
 * Registry entry's .mcpb, which main downloads and checks against the entry's checksum.
 */
export function ExtensionInstallDialog({ file, opened, bundle, onClose }: { file?: File; opened?: OpenedExtensionFile; bundle?: RegistryBundleRef; onClose: () => void }) {
  const { t } = useTranslation()
  const { state, stage, stageOpened, stageBundle, cancel, installed } = useExtensionStage()
  const [notExtension, setNotExtension] = useState<string>()
  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    setNotExtension(isExtensionFile(chosen) ? undefined : chosen.name)
    if (isExtensionFile(chosen)) void stage(chosen)
  }
  // the file this dialog opened with (dropped on the window, or opened with the app); in an effect, so StrictMode's second run restarts it cleanly
  const opening = useRef({ file, opened, bundle })
  useEffect(() => {
    if (opening.current.file) choose(opening.current.file)
    else if (opening.current.opened) void stageOpened(opening.current.opened)
    else if (opening.current.bundle) void stageBundle(opening.current.bundle)
  }, [])

  const close = () => {
    cancel()
    onClose()
  }

  if (state.step === 'review') {
    return (
      <ReviewStep
        key={state.preview.stageId}
        preview={state.preview}
        onCancel={close}
        onInstalled={() => {
          installed()
          onClose()
        }}
      />
    )
  }
  const staging = state.step === 'staging'
  const error: AppError | undefined = notExtension ? { message: t('extensionInstall.notExtension', { file: notExtension }) } : state.step === 'choose' ? state.error : undefined
  return (
    <Modal
      open
      title={t('extensionInstall.title')}
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        <Button onClick={close} data-testid="extension-cancel">
          {t('extensionInstall.cancel')}
        </Button>
      }
    >
      <Flex vertical gap="middle" data-testid="extension-dialog" data-step={state.step}>
        {staging ? (
          <Flex gap="middle" align="center" data-testid="extension-staging">
            <Spin />
            <Typography.Text>
              {bundle && state.progress && state.progress.received < (state.progress.total ?? Infinity)
                ? t('extensionInstall.downloading', { name: state.fileName, received: kilobytes(state.progress.received), total: state.progress.total === undefined ? '?' : kilobytes(state.progress.total) })
                : t('extensionInstall.checking', { file: state.fileName })}
            </Typography.Text>
          </Flex>
        ) : bundle ? null : (
          <ChooseStep onChosen={choose} />
        )}
        {error && !staging && (
          <Alert
            type="error"
            showIcon
            data-testid="extension-stage-error"
            title={t(bundle ? 'extensionInstall.bundleFailed' : 'extensionInstall.stageFailed')}
            action={
              bundle && (
                <Button onClick={() => void stageBundle(bundle)} data-testid="extension-bundle-retry" autoFocus>
                  {t('extensionInstall.retry')}
                </Button>
              )
            }
            description={
              <Flex vertical gap={4}>
                <ErrorText error={error} />
                {!bundle && <Typography.Text>{t('extensionInstall.chooseAnother')}</Typography.Text>}
              </Flex>
            }
          />
        )}
      </Flex>
    </Modal>
  )
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

function ChooseStep({ onChosen }: { onChosen: (file: File | undefined) => void }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  return (
    <Flex vertical gap="small" align="start">
      <Typography.Text type="secondary">{t('extensionInstall.help')}</Typography.Text>
      <input
        ref={input}
        type="file"
        accept={EXTENSION_FILE_TYPES.join(',')}
        hidden
        data-testid="extension-file-input"
        onChange={(e) => {
          onChosen(e.target.files?.[0])
          // the same file chosen again still counts
          e.target.value = ''
        }}
      />
      <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid="extension-choose" autoFocus>
        {t('extensionInstall.choose')}
      </Button>
    </Flex>
  )
}
