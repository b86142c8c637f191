import { Button, Flex, Skeleton, Typography } from 'antd'
import type { ReactNode } from 'react'
import { describeError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

/**
 * A section of the Settings page whose values come from main: its title and intro, then a
 * skeleton while they load, the error with Retry when they cannot be read, else the form.
 */
export function SettingsSection({
  id,
  testId,
  title,
  intro,
  loaded,
  loadError,
  onRetry,
  retryLabel,
  retryTestId,
  skeletonRows = 1,
  children
}: {
  /** the section's anchor, for links to it */
  id?: string
  testId: string
  title: string
  intro: string
  loaded: boolean
  loadError: unknown
  onRetry: () => void
  retryLabel: string
  retryTestId?: string
  skeletonRows?: number
  children: () => ReactNode
}) {
  const titleId = `${testId}-title`
  return (
    <section id={id} aria-labelledby={titleId} data-testid={testId}>
      <Typography.Title level={5} id={titleId} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {loadError ? (
        <Flex gap="small" align="center">
          <ErrorText error={describeError(loadError)} />
          <Button size="small" onClick={onRetry} data-testid={retryTestId}>
            {retryLabel}
          </Button>
        </Flex>
      ) : !loaded ? (
        <Skeleton active paragraph={{ rows: skeletonRows }} title={false} />
      ) : (
        children()
      )}
    </section>
  )
}
