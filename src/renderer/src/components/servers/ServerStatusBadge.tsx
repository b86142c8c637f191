import { Badge, Tooltip, type BadgeProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DisplayStatus } from './statusView'

const BADGE: Record<DisplayStatus, BadgeProps['status']> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  stopped: 'default',
  needsApproval: 'warning',
  needsSignIn: 'warning'
}

/** A dot and a word; the error message, when there is one, on hover (and in the row below). */
export function ServerStatusBadge({ status, error }: { status: DisplayStatus; error?: string }) {
  const { t } = useTranslation()
  const badge = <Badge status={BADGE[status]} text={t(`servers.status.${status}`)} data-testid="server-status" data-status={status} />
  return error ? <Tooltip title={error}>{badge}</Tooltip> : badge
}
