import { Avatar, Flex, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useRemoteImage } from '@renderer/hooks/useRemoteImage'

// a URL is looked at once the user stops typing, not for every partial address
const SETTLE_MS = 600

/** The logo the typed URL gives, or why it cannot be shown. */
export function LogoPreview({ url }: { url: string | undefined }) {
  const [settled, setSettled] = useState(url)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(url), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [url])
  const logo = useRemoteImage(settled)
  if (logo.status === 'ready') {
    return (
      <Flex style={{ marginBlockStart: 8 }}>
        <Avatar size={32} shape="square" src={logo.src} alt="" data-testid="editor-logo-preview" />
      </Flex>
    )
  }
  if (logo.status === 'failed') {
    return (
      <Typography.Text type="warning" data-testid="editor-logo-error">
        {logo.error}
      </Typography.Text>
    )
  }
  return null
}
