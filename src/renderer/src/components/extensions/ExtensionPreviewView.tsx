import { Alert, Avatar, Descriptions, Flex, Tag, Typography } from 'antd'
import { AppstoreOutlined, SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ExtensionPreview, SignatureStatus } from '@shared/mcp/extensions'
import { CommandText } from '@renderer/components/servers/CommandText'

/** What a staged extension is, who signed it, whether it runs here, and the full command it will run. */
export function ExtensionPreviewView({ preview }: { preview: ExtensionPreview }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap="middle" data-testid="extension-preview">
      <Flex gap="middle" align="start">
        <Avatar shape="square" size={56} src={preview.iconDataUrl} icon={<AppstoreOutlined />} alt="" />
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="extension-name">
            {preview.displayName} <Typography.Text type="secondary" data-testid="extension-version">{preview.version}</Typography.Text>
          </Typography.Title>
          {preview.author && <Typography.Text type="secondary" data-testid="extension-author">{t('extensionInstall.by', { author: preview.author })}</Typography.Text>}
          {preview.description && <Typography.Paragraph style={{ margin: 0 }}>{preview.description}</Typography.Paragraph>}
        </Flex>
      </Flex>
      {preview.replaces && <Alert type="info" showIcon data-testid="extension-replaces" title={t('extensionInstall.replaces', { version: preview.replaces.version, next: preview.version })} />}
      {!preview.compatibility.ok && (
        <Alert
          type="error"
          showIcon
          data-testid="extension-incompatible"
          title={t('extensionInstall.incompatible')}
          description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{preview.compatibility.problems.map((p, i) => <li key={i}>{p}</li>)}</ul>}
        />
      )}
      {preview.compatibility.notes.length > 0 && (
        <Alert
          type="info"
          showIcon
          data-testid="extension-notes"
          title={t('extensionInstall.notes')}
          description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{preview.compatibility.notes.map((note, i) => <li key={i}>{note}</li>)}</ul>}
        />
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('extensionInstall.signature')}>
          <SignatureTag signature={preview.signature} />
        </Descriptions.Item>
        <Descriptions.Item label={t('serverRuntime.approval.command')}>
          <CommandText text={preview.command} testId="extension-command" />
        </Descriptions.Item>
        {preview.env.length > 0 && (
          <Descriptions.Item label={t('serverRuntime.approval.env')}>
            <Flex vertical gap={2}>
              {preview.env.map((line) => {
                const required = line.settings.filter((key) => preview.userConfig[key]?.required)
                return (
                  <Flex key={line.name} gap={6} align="center" wrap data-testid="extension-env">
                    <Typography.Text code style={{ wordBreak: 'break-all' }}>
                      {line.name}={line.value}
                    </Typography.Text>
                    {required.length > 0 && (
                      <Tag color="red" data-testid="extension-env-required">
                        {t('extensionInstall.envRequired', { names: required.map((key) => preview.userConfig[key].title ?? key).join(', ') })}
                      </Tag>
                    )}
                  </Flex>
                )
              })}
            </Flex>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('extensionInstall.tools', { count: preview.tools.length })}>
          <NamedList items={preview.tools} testId="extension-tool" empty={t('extensionInstall.noneDeclared')} />
        </Descriptions.Item>
        {preview.prompts.length > 0 && (
          <Descriptions.Item label={t('extensionInstall.prompts', { count: preview.prompts.length })}>
            <NamedList items={preview.prompts} testId="extension-prompt" empty="" />
          </Descriptions.Item>
        )}
      </Descriptions>
    </Flex>
  )
}

function SignatureTag({ signature }: { signature: SignatureStatus }) {
  const { t } = useTranslation()
  if (signature.status === 'signed') {
    return (
      <Tag color="success" icon={<SafetyCertificateOutlined />} data-testid="extension-signature" data-status="signed">
        {t('extensionInstall.signed', { signer: signature.signer })}
      </Tag>
    )
  }
  if (signature.status === 'unsigned') {
    return (
      <Tag data-testid="extension-signature" data-status="unsigned">
        {t('extensionInstall.unsigned')}
      </Tag>
    )
  }
  return (
    <Flex vertical gap={4} align="start">
      <Tag color="error" icon={<WarningOutlined />} data-testid="extension-signature" data-status="invalid">
        {t('extensionInstall.invalid')}
      </Tag>
      <Typography.Text type="danger">{signature.reason}</Typography.Text>
    </Flex>
  )
}

function NamedList({ items, testId, empty }: { items: { name: string; description?: string }[]; testId: string; empty: string }) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {items.map((item) => (
        <li key={item.name} data-testid={testId}>
          <Typography.Text code>{item.name}</Typography.Text>
          {item.description && <Typography.Text type="secondary"> — {item.description}</Typography.Text>}
        </li>
      ))}
    </ul>
  )
}
