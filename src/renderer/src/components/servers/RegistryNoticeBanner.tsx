import { Alert, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RegistryNotice } from '@shared/mcp/registry'

/** What a notice is called and says before the file's path, by its code. */
const TEXT = {
  REGISTRY_DAMAGED: { title: 'servers.notice.damagedTitle', body: 'servers.notice.damagedBody', type: 'warning' },
  REGISTRY_UNREADABLE: { title: 'servers.notice.unreadableTitle', body: 'servers.notice.unreadableBody', type: 'warning' },
  REGISTRY_PERMISSIONS_FIXED: { title: 'servers.notice.permissionsTitle', body: 'servers.notice.permissionsBody', type: 'info' }
} as const

/** Something about the saved list's file the user should know: damaged and set aside, unreadable, or its permissions fixed; and where it is. */
export function RegistryNoticeBanner({ notice }: { notice: RegistryNotice | undefined }) {
  const { t } = useTranslation()
  const [closed, setClosed] = useState(false)
  if (!notice || closed) return null
  const text = TEXT[notice.code]
  return (
    <Alert
      type={text.type}
      showIcon
      closable={{ onClose: () => setClosed(true), 'aria-label': t('servers.notice.dismiss') }}
      data-testid="registry-notice"
      data-code={notice.code}
      title={t(text.title)}
      description={
        <>
          {t(text.body)} <Typography.Text code copyable data-testid="registry-notice-path">{notice.keptAs}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{notice.detail}</Typography.Text>
        </>
      }
    />
  )
}
