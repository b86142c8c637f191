import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePageRoute } from '@renderer/hooks/usePageRoute'

/** "Open Runtimes": from a server that failed for want of a runtime to the section that says how to get it. */
export function RuntimesLink() {
  const { t } = useTranslation()
  const [, navigate] = usePageRoute()
  return (
    <Typography.Link
      href="#page=settings"
      data-testid="open-runtimes"
      onClick={(event) => {
        event.preventDefault()
        navigate({ page: 'settings' })
      }}
    >
      {t('runtimes.openRuntimes')}
    </Typography.Link>
  )
}
