import type { ReactNode } from 'react'
import { App, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApi } from '@renderer/context/ApiContext'
import { isWebUrl } from './dataUrl'

/**
 * A link a server handed us. http(s) opens in the user's browser through main (which checks it
 * again); anything else (file:, custom schemes) is shown as text and never opened.
 */
export function ExternalLink({ href, children, testId }: { href: string; children?: ReactNode; testId?: string }) {
  const api = useApi()
  const { message } = App.useApp()
  const { t } = useTranslation()
  if (!isWebUrl(href)) {
    return (
      <Typography.Text code data-testid={testId}>
        {children ?? href}
      </Typography.Text>
    )
  }
  return (
    <Typography.Link
      href={href}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault()
        api.app.openExternal({ url: href }).catch((error: unknown) => {
          void message.error(t('results.openFailed', { message: error instanceof Error ? error.message : String(error) }))
        })
      }}
    >
      {children ?? href}
    </Typography.Link>
  )
}
