import { Alert, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { RegistryNotice } from '@shared/mcp/registry'

/** The saved list could not be read at start: say so, and where the damaged file was kept. */
export function RegistryNoticeBanner({ notice }: { notice: RegistryNotice | undefined }) {
  const { t } = useTranslation()
  const [closed, setClosed] = useState(false)
  if (!notice || closed) return null
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose: () => setClosed(true), 'aria-label': t('servers.notice.dismiss') }}
      data-testid="registry-notice"
      title={t('servers.notice.damagedTitle')}
      description={
        <>
          {t('servers.notice.damagedBody')} <Typography.Text code copyable data-testid="registry-notice-path">{notice.keptAs}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{notice.detail}</Typography.Text>
        </>
      }
    />
  )
}
