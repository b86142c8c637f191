import { useEffect, useState } from 'react'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** Seconds since `startedAt`, ticking while the call runs; a fixed value once it is over. */
export function Elapsed({ startedAt, elapsedMs }: { startedAt?: number; elapsedMs?: number }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (startedAt === undefined) return
    const timer = setInterval(() => setNow(Date.now()), 100)
    return () => clearInterval(timer)
  }, [startedAt])
  const ms = elapsedMs ?? (startedAt !== undefined ? Math.max(0, now - startedAt) : 0)
  return (
    <Typography.Text type="secondary" data-testid="runner-elapsed">
      {t('runner.elapsed', { seconds: (ms / 1000).toFixed(1) })}
    </Typography.Text>
  )
}
