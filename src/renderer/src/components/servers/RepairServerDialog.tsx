import { Alert, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BrokenServer } from '@shared/mcp/registry'
import { useRepairServerMutation } from '@renderer/store/mainApi'
import { LazyJsonEditor } from './LazyJsonEditor'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

/** The broken entry as JSON: the user corrects it and main validates it again. */
export function RepairServerDialog({ entry, onClose }: { entry: BrokenServer; onClose: () => void }) {
  const { t } = useTranslation()
  const [repairServer] = useRepairServerMutation()
  const [text, setText] = useState(() => JSON.stringify(entry.raw, null, 2))
  const [error, setError] = useState<AppError>()
  const [saving, setSaving] = useState(false)

  const save = async () => {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (failure) {
      return setError({ message: t('servers.broken.notJson', { message: (failure as Error).message }) })
    }
    setSaving(true)
    try {
      await repairServer({ serverId: entry.id, entry: parsed }).unwrap()
      onClose()
    } catch (failure) {
      setError(describeError(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={t('servers.broken.repairTitle', { name: entry.name ?? t('servers.broken.unnamed') })}
      okText={t('servers.broken.repairSave')}
      cancelText={t('servers.delete.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'repair-save' }}
      width={720}
    >
      <Typography.Paragraph type="secondary">{t('servers.broken.repairHint')}</Typography.Paragraph>
      <LazyJsonEditor value={text} onChange={setText} ariaLabel={t('servers.broken.repairTitle', { name: entry.name ?? '' })} testId="repair-json" autoFocus />
      {error && <Alert type="error" showIcon title={<ErrorText error={error} />} style={{ marginTop: 12 }} data-testid="repair-error" />}
    </Modal>
  )
}
