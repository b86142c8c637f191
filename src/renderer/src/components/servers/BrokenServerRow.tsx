import { DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons'
import { Button, Flex, Popconfirm, Tag, theme, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BrokenServer } from '@shared/mcp/registry'
import { useRemoveServerMutation } from '@renderer/store/mainApi'
import { RepairServerDialog } from './RepairServerDialog'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

/** A saved entry that failed validation: kept, shown with why, to be fixed as JSON or deleted. */
export function BrokenServerRow({ entry }: { entry: BrokenServer }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [removeServer] = useRemoveServerMutation()
  const [repairing, setRepairing] = useState(false)
  const [error, setError] = useState<AppError>()
  const label = entry.name ?? t('servers.broken.unnamed')
  const remove = async () => {
    try {
      await removeServer(entry.id).unwrap()
    } catch (failure) {
      setError(describeError(failure))
    }
  }
  return (
    <li
      data-testid="broken-server"
      data-server-id={entry.id}
      style={{
        listStyle: 'none',
        border: `1px solid ${token.colorErrorBorder}`,
        background: token.colorErrorBg,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM
      }}
    >
      <Flex align="center" gap="middle" wrap>
        <WarningOutlined style={{ color: token.colorError, fontSize: 20 }} />
        <Flex vertical style={{ flex: 1, minWidth: 200 }}>
          <Flex gap="small" align="center">
            <Typography.Text strong>{label}</Typography.Text>
            <Tag color="error">{t('servers.broken.tag')}</Tag>
          </Flex>
          <Typography.Text type="danger" data-testid="broken-server-message">
            {t('servers.broken.why', { message: entry.message })}
          </Typography.Text>
          {error && <ErrorText error={error} />}
        </Flex>
        <Button icon={<EditOutlined />} onClick={() => setRepairing(true)} data-testid="broken-server-edit">
          {t('servers.broken.edit')}
        </Button>
        <Popconfirm
          title={t('servers.broken.deleteConfirm', { name: label })}
          okText={t('servers.delete.confirm')}
          cancelText={t('servers.delete.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'broken-server-delete-confirm' }}
          onConfirm={() => remove()}
        >
          <Button danger icon={<DeleteOutlined />} aria-label={t('servers.actions.deleteNamed', { name: label })} data-testid="broken-server-delete" />
        </Popconfirm>
      </Flex>
      {repairing && <RepairServerDialog entry={entry} onClose={() => setRepairing(false)} />}
    </li>
  )
}
