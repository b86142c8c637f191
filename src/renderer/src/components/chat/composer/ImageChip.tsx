import { Tag, Typography } from 'antd'
import { PictureOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { dataUrl } from '@renderer/components/results/dataUrl'

/** An image that goes (or went) with a message: a thumbnail while it is in the composer, its type and size; removable there. */
export function ImageChip({ mimeType, bytes, data, onRemove }: { mimeType: string; bytes: number; data?: string; onRemove?: () => void }) {
  const { t } = useTranslation()
  return (
    <Tag
      icon={data ? undefined : <PictureOutlined />}
      closable={!!onRemove}
      onClose={(e) => {
        e.preventDefault()
        onRemove?.()
      }}
      style={{ marginInlineEnd: 0, display: 'inline-flex', alignItems: 'center', gap: 6 }}
      data-testid="chat-image"
    >
      {data ? <img src={dataUrl(mimeType, data)} alt={t('chat.attach.image')} style={{ height: 20, maxWidth: 40, objectFit: 'contain' }} /> : null}
      <Typography.Text type="secondary">
        {mimeType} · {t('chat.prompt.bytes', { count: bytes })}
      </Typography.Text>
    </Tag>
  )
}
